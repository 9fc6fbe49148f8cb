import Foundation

/// Writes a `git fast-import` stream for a generated blog: site files in the first commit, then
/// the posts spread over the remaining commits, one day apart.
struct FastImportStream {
    let spec: BlogFixture.Spec

    func write(to path: String) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var text = BlogText(random: SeededRandom(seed: spec.seed))
        var bytes = SeededRandom(seed: spec.seed ^ 0xA5A5)
        let start = 1_600_000_000
        let perCommit = max(1, (spec.posts + spec.commits - 1) / spec.commits)
        var written = 0
        var commitIndex = 0
        var buffer = Data()

        func flush() { handle.write(buffer); buffer.removeAll(keepingCapacity: true) }
        func file(_ path: String, _ data: Data) {
            buffer.append(Data("M 100644 inline \(path)\ndata \(data.count)\n".utf8))
            buffer.append(data)
            buffer.append(0x0A)
        }
        func commit(_ message: String, time: Int, files: () -> Void) {
            buffer.append(Data("commit refs/heads/main\n".utf8))
            buffer.append(Data("committer Fixture Writer <fixture@example.test> \(time) +0000\n".utf8))
            let message = Data(message.utf8)
            buffer.append(Data("data \(message.count)\n".utf8))
            buffer.append(message)
            buffer.append(0x0A)
            files()
            buffer.append(0x0A)
            flush()
        }

        commit("Create site", time: start) {
            file("hugo.toml", Data(Self.config.utf8))
            file("archetypes/default.md", Data(Self.archetype.utf8))
            file("layouts/_default/single.html", Data("<h1>{{ .Title }}</h1>{{ .Content }}\n".utf8))
            file("layouts/_default/list.html", Data("<ul>{{ range .Pages }}<li>{{ .Title }}</li>{{ end }}</ul>\n".utf8))
            file(
                "layouts/index.html",
                Data("<ul>{{ range .Site.RegularPages }}<li>{{ .Title }}</li>{{ end }}</ul>\n".utf8))
        }
        while written < spec.posts {
            commitIndex += 1
            let count = min(perCommit, spec.posts - written)
            commit("Add posts \(written + 1)–\(written + count)", time: start + commitIndex * 86_400) {
                for _ in 0..<count {
                    written += 1
                    let post = makePost(number: written, text: &text)
                    file("content/posts/\(post.slug)/index.md", Data(post.markdown.utf8))
                    for image in 0..<spec.imagesPerPost {
                        file("content/posts/\(post.slug)/image-\(image + 1).jpg", randomImage(&bytes))
                    }
                }
            }
        }
    }

    private func makePost(number: Int, text: inout BlogText) -> (slug: String, markdown: String) {
        let title = text.title()
        let slug = String(format: "%05d-", number) + title.lowercased().replacingOccurrences(of: " ", with: "-")
        let day = Date(timeIntervalSince1970: TimeInterval(1_500_000_000 + number * 43_200))
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 3600)
        let tags = (0..<text.random.int(in: 1...3)).map { _ in text.random.pick(BlogText.tags) }
        let draft = number % 20 == 7
        let image = spec.imagesPerPost > 0 ? "image-1.jpg" : nil
        let markdown = """
            ---
            title: "\(title)"
            date: \(formatter.string(from: day))
            draft: \(draft)
            tags: [\(Array(Set(tags)).sorted().joined(separator: ", "))]
            categories: [\(text.random.pick(BlogText.categories))]
            description: "\(text.sentence())"
            ---

            \(text.body(paragraphs: text.random.int(in: 4...12), image: image))
            """
        return (slug, markdown)
    }

    private func randomImage(_ random: inout SeededRandom) -> Data {
        var data = Data(capacity: spec.imageBytes)
        data.append(contentsOf: [0xFF, 0xD8, 0xFF, 0xE0])
        while data.count < spec.imageBytes {
            var word = random.next()
            withUnsafeBytes(of: &word) { data.append(contentsOf: $0) }
        }
        return data.prefix(spec.imageBytes)
    }

    static let config = """
        baseURL = "https://fixture.example.test/"
        languageCode = "en-us"
        title = "Generated Fixture Blog"

        [taxonomies]
          tag = "tags"
          category = "categories"

        """

    static let archetype = """
        ---
        title: "{{ replace .Name "-" " " | title }}"
        date: {{ .Date }}
        draft: true
        ---

        """
}
