import Blog
import CHunspell
import CNuspell
import Foundation
import Harness
import Preview
import Spelling

/// Spell-checking: the engines in-process on the words of real prose (Hunspell, which nakedblog
/// uses, against Nuspell), and `nakedblog spell` against `hunspell -l` on the same files,
/// process against process.
enum SpellBench {
    static func run(runs: Int, binary: String) throws -> [BenchRow] {
        guard let corpus = PackageRoot.sharedCorpus else { return [] }
        guard FileManager.default.fileExists(atPath: "/usr/share/hunspell/en_US.dic") else { return [] }
        let site = corpus + "/adityatelange__hugo-PaperMod"
        var files: [String] = []
        var words: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: corpus)
        while let item = enumerator?.nextObject() as? String {
            guard item.hasSuffix(".md"), item.contains("/content/"),
                let page = try? PageText.read(path: corpus + "/" + item)
            else { continue }
            // The site's English posts (`x.fa.md` is Persian: no dictionary here, and `spell`
            // exits 2 on a post it cannot check).
            let isTranslation = item.split(separator: "/").last!.split(separator: ".").count > 2
            if (corpus + "/" + item).hasPrefix(site + "/"), !isTranslation { files.append(corpus + "/" + item) }
            let body = Array(page.body.utf8)
            for span in ProseSpans.of(page.body) {
                words += WordSplitter.words(in: String(decoding: body[span], as: UTF8.self)).map(\.word)
            }
        }
        // Every word once per pass (a check of a post asks about the same words again; the app
        // caches verdicts, the engines do not).
        let base = "/usr/share/hunspell/en_US"
        guard let hunspell = Hunspell_create(base + ".aff", base + ".dic") else { return [] }
        defer { Hunspell_destroy(hunspell) }
        guard let nuspell = nb_nuspell_load(base) else { return [] }
        defer { nb_nuspell_free(nuspell) }
        var hunspellWrong = 0, nuspellWrong = 0
        let engines = try Measure.alternating(
            runs: runs,
            ours: { hunspellWrong = words.reduce(0) { $0 + (Hunspell_spell(hunspell, $1) == 0 ? 1 : 0) } },
            reference: {
                nuspellWrong = words.reduce(0) { count, word in
                    var copy = word
                    return count
                        + copy.withUTF8 { bytes in
                            bytes.withMemoryRebound(to: CChar.self) {
                                nb_nuspell_spell(nuspell, $0.baseAddress, $0.count) == 0 ? 1 : 0
                            }
                        }
                }
            })

        // Loading the dictionary (once per language per session, and in every `nakedblog spell`).
        let loading = try Measure.alternating(
            runs: runs,
            ours: { Hunspell_destroy(Hunspell_create(base + ".aff", base + ".dic")) },
            reference: { nb_nuspell_free(nb_nuspell_load(base)) })
        // Suggestions for the first 50 unknown words (what F7 and `spell --suggest` ask for).
        var seen = Set<String>()
        let unknown = words.filter { Hunspell_spell(hunspell, $0) == 0 && seen.insert($0).inserted }.prefix(50)
        let suggesting = try Measure.alternating(
            runs: 3,
            ours: {
                for word in unknown {
                    var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
                    let count = Hunspell_suggest(hunspell, &list, word)
                    Hunspell_free_list(hunspell, &list, count)
                }
            },
            reference: {
                var buffer = [CChar](repeating: 0, count: 4096)
                for word in unknown {
                    var copy = word
                    _ = copy.withUTF8 { bytes in
                        bytes.withMemoryRebound(to: CChar.self) {
                            nb_nuspell_suggest(nuspell, $0.baseAddress, $0.count, 5, &buffer, buffer.count)
                        }
                    }
                }
            })
        // The same post files, process against process: ours reads prose only (and skips code,
        // URLs, shortcodes), hunspell -l reads every word of the files.
        let processes = try Measure.alternating(
            runs: runs * 2 + 1,
            ours: {
                // 7: it found misspellings (the corpus has some); anything else is a failed run, not a time.
                let result = try Shell.run([binary, "spell"] + files, in: site)
                guard result.status == 7, !result.timedOut, !result.stdout.isEmpty else {
                    throw BenchFailure("nakedblog spell exited \(result.status): \(result.stderr.prefix(300))")
                }
            },
            reference: { _ = try Shell.check(["hunspell", "-d", "en_US", "-l"] + files) })
        return [
            BenchRow(
                name:
                    "spell engine: \(words.count) words of corpus prose, Hunspell in-process (\(hunspellWrong) unknown)",
                ours: engines.ours, reference: engines.reference,
                referenceName: "Nuspell in-process (\(nuspellWrong) unknown)",
                unit: .seconds, target: "— (engine choice: DECISIONS)", met: nil),
            BenchRow(
                name: "spell engine: suggestions for \(unknown.count) unknown words, Hunspell in-process",
                ours: suggesting.ours,
                reference: suggesting.reference, referenceName: "Nuspell in-process", unit: .seconds, target: "—",
                met: nil),
            BenchRow(
                name: "spell engine: loading en_US, Hunspell in-process", ours: loading.ours,
                reference: loading.reference,
                referenceName: "Nuspell in-process", unit: .seconds, target: "—", met: nil),
            BenchRow(
                name: "nakedblog spell on \(files.count) posts of a corpus site (processes)", ours: processes.ours,
                reference: processes.reference, referenceName: "hunspell -l on the same files", unit: .seconds,
                target: "≤ 2× hunspell -l", met: processes.ours / processes.reference <= 2),
        ]
    }
}
