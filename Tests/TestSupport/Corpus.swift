import Foundation
import Harness
import XCTest

/// The shared corpus of real Hugo sites, copied before use.
public enum Corpus {
    /// Site directories (those with content/).
    public static func sites() throws -> [String] {
        guard let corpus = PackageRoot.sharedCorpus else {
            throw XCTSkip("no corpus: ../shared/corpus is not present beside the checkout")
        }
        return try FileManager.default.contentsOfDirectory(atPath: corpus).sorted()
            .map { corpus + "/" + $0 }
            .filter { FileManager.default.fileExists(atPath: $0 + "/content") }
    }

    /// Every content file (`.md`) under the corpus sites' content directories, absolute.
    public static func contentFiles() throws -> [String] {
        var files: [String] = []
        for site in try sites() {
            let enumerator = FileManager.default.enumerator(atPath: site + "/content")
            while let item = enumerator?.nextObject() as? String {
                if item.hasSuffix(".md") { files.append(site + "/content/" + item) }
            }
        }
        return files.sorted()
    }

    /// Copies a site to a temporary directory (tests never change the corpus).
    public static func copy(_ site: String) throws -> TemporaryDirectory {
        let copy = try TemporaryDirectory(prefix: "nb-corpus")
        try Shell.check(["cp", "-R", site + "/.", copy.path])
        // The corpus may be laid out read-only (as CI's copy is): the copy is the test's to change.
        try Shell.check(["chmod", "-R", "u+w", copy.path])
        return copy
    }
}
