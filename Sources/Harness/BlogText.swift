/// Realistic-looking blog text for fixtures: titles, paragraphs, headings, lists, code, links.
struct BlogText {
    var random: SeededRandom

    static let words = """
        the of and to in is that it for on with as was at by this be from or have an are not but \
        which one all were when we there can your more if has their will about so out up what time \
        hugo site post blog markdown theme content page build deploy server static template layout \
        git commit branch remote push pull merge rebase terminal editor keyboard shortcut cursor \
        morning coffee garden travel bicycle mountain river winter summer weekend kitchen recipe \
        notes ideas thoughts week month year project release version update feature change \
        simple quick small large better faster careful honest quiet little every another first \
        write read learn share build fix test measure improve ship plan think remember forget
        """.split(separator: " ").map(String.init)

    static let tags = [
        "hugo", "git", "terminal", "writing", "travel", "cooking", "linux", "ssh",
        "swift", "notes", "garden", "cycling", "books", "photography", "music",
        "productivity", "tools", "markdown", "design", "weekend",
    ]
    static let categories = ["tech", "life", "travel", "food", "reviews", "meta"]

    mutating func sentence() -> String {
        let count = random.int(in: 6...16)
        var words = (0..<count).map { _ in random.pick(Self.words) }
        words[0] = words[0].prefix(1).uppercased() + words[0].dropFirst()
        return words.joined(separator: " ") + random.pick([".", ".", ".", "?", "!"])
    }

    mutating func title() -> String {
        let count = random.int(in: 3...7)
        return (0..<count).map { _ in
            let word = random.pick(Self.words)
            return word.prefix(1).uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }

    mutating func paragraph() -> String {
        (0..<random.int(in: 2...6)).map { _ in sentence() }.joined(separator: " ")
    }

    /// A body of roughly `paragraphs` blocks mixing prose, headings, lists, code and links.
    mutating func body(paragraphs: Int, image: String?) -> String {
        var blocks: [String] = []
        for index in 0..<paragraphs {
            switch random.int(in: 0...9) {
            case 0: blocks.append("## " + title())
            case 1: blocks.append((0..<random.int(in: 2...5)).map { _ in "- " + sentence() }.joined(separator: "\n"))
            case 2: blocks.append("```sh\ngit commit -m \"\(title())\"\nhugo --minify\n```")
            case 3: blocks.append("> " + sentence())
            case 4: blocks.append("See [\(title())](https://example.com/\(index)) for **more** on *this*.")
            default: blocks.append(paragraph())
            }
            if index == 1, let image { blocks.append("![\(title())](\(image))") }
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }
}
