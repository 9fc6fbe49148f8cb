import Foundation
import Harness
import Workflows

/// Pictures in the preview: drawing one (libvips and libchafa in the image helper, a process)
/// against the `chafa` program on the same file and cells (process against process), the
/// preview's own path (a scratch copy, the sandbox, the helper), and typing beside pictures
/// drawn as sixel against typing in a post without pictures (pty, same run).
enum PictureBench {
    static func run(runs: Int, keystrokes: Int, binary: String) throws -> [BenchRow] {
        let work = try TemporaryDirectory(prefix: "nb-bench-pictures")
        defer { work.remove() }
        for step in [
            ["xyz", "xy.v", "4000", "3000"], ["bandjoin_const", "xy.v", "xyz.v", "128"],
            ["linear", "xyz.v", "xyzl.v", "0.06 0.08 1", "0 0 0"], ["cast", "xyzl.v", "photo.jpg", "uchar"],
        ] {
            try Shell.check(["vips"] + step, in: work.path)
        }
        let photo = work.appending("photo.jpg")
        let helper = URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("nakedblog-image")
            .path
        var rows: [BenchRow] = []
        for (format, chafaFormat) in [("symbols", "symbols"), ("sixel", "sixels")] {
            let result = try Measure.alternating(
                runs: runs,
                ours: {
                    // As the app runs it (`ImageHelper`): no libvips modules for a JPEG, untrusted loaders blocked.
                    let child = try Measure.process(
                        [
                            helper, "show", format, "truecolor", "60", "20", "10", "20", "100000000", photo,
                            work.appending("out"),
                        ],
                        environment: ["PATH": "/usr/bin:/bin", "VIPSHOME": "/nonexistent", "VIPS_BLOCK_UNTRUSTED": "1"])
                    guard child.waitUntilExit() == 0 else { throw BenchFailure("the helper failed") }
                },
                reference: {
                    let child = try Measure.process(
                        ["chafa", "-f", chafaFormat, "-s", "60x20", "--animate", "off", "--polite", "on", photo])
                    guard child.waitUntilExit() == 0 else { throw BenchFailure("chafa failed") }
                })
            rows.append(
                BenchRow(
                    name: "a 4000×3000 JPEG drawn as \(format) in 60×20 cells (`nakedblog-image show`, process)",
                    ours: result.ours, reference: result.reference, referenceName: "chafa -f \(chafaFormat) -s 60x20",
                    unit: .seconds, target: "≤ 1.5× chafa", met: result.ours <= result.reference * 1.5))
        }
        // The preview's own path, in process: the bytes copied to a scratch folder, the helper in its sandbox.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: photo))
        let canvas = PictureCanvas(format: .symbols, colours: .trueColor, columns: 60, rows: 20)
        var preview: [Double] = []
        for _ in 0..<runs {
            preview.append(try Measure.time { _ = try PictureDrawing.draw(bytes, fileExtension: "jpg", on: canvas) })
        }
        rows.append(
            BenchRow(
                name: "the same as the preview draws it: scratch copy, sandbox, helper (PictureDrawing.draw)",
                ours: Measure.median(preview), reference: nil, referenceName: "—", unit: .seconds,
                target: "off the keystroke path; ≤ 250 ms", met: Measure.median(preview) <= 0.25))

        rows += try importRows(runs: runs, binary: binary, photo: photo, work: work)

        // Typing beside two pictures drawn as sixel, against typing in a post without pictures.
        let home = try TestHome()
        defer { home.remove() }
        var environment = home.environment
        environment["TERM"] = "xterm-256color"
        let site = try TemporaryDirectory(prefix: "nb-bench-picture-site")
        defer { site.remove() }
        try PackageRoot.copyDemo(to: site.path)
        let sixel = "\u{1B}[6;20;10t\u{1B}[?62;4;22c"
        let plain = try AppBench.typing(
            binary: binary, site: site.path, environment: environment, columns: 120, rows: 40, keystrokes: keystrokes,
            answer: sixel)
        let pictured = try AppBench.typing(
            binary: binary, site: site.path, environment: environment, columns: 120, rows: 40, keystrokes: keystrokes,
            filter: "summit", answer: sixel, line: 21)
        let (ours, reference) = (
            AppBench.percentile(pictured.latencies, 0.99), AppBench.percentile(plain.latencies, 0.99)
        )
        rows.append(
            BenchRow(
                name: "keystroke → frame beside two sixel pictures, split 120×40 (pty, p99)", ours: ours,
                reference: reference, referenceName: "same, a post without pictures", unit: .seconds,
                target: "≤ 1.5× without, or ≤ 2 ms", met: ours <= max(reference * 1.5, 0.002)))
        rows.append(
            BenchRow(
                name: "bytes per keystroke beside two sixel pictures, split 120×40 (pty, median)",
                ours: Measure.median(pictured.bytes), reference: Measure.median(plain.bytes),
                referenceName: "same, a post without pictures", unit: .bytes, target: "pictures not re-sent",
                met: Measure.median(pictured.bytes) <= Measure.median(plain.bytes) * 2 + 64))
        return rows
    }

    /// `nakedblog image add` of a 12-megapixel photo, JPEG and a phone's HEIC (fitted, no
    /// metadata, read back) against `vips thumbnail` then `exiftool -all=` on the same file:
    /// process against process, alternated.
    static func importRows(runs: Int, binary: String, photo: String, work: TemporaryDirectory) throws -> [BenchRow] {
        let site = work.appending("site")
        try PackageRoot.copyDemo(to: site)
        let heic = work.appending("photo.heic")
        try Shell.check(["vips", "copy", photo, heic + "[Q=80]"], in: work.path)
        try Shell.check(
            [
                "exiftool", "-q", "-overwrite_original", "-GPSLatitude=35.6", "-GPSLongitude=139.7", "-Make=NIKON",
                photo, heic,
            ],
            in: work.path)
        var rows: [BenchRow] = []
        for (name, file) in [("JPEG", photo), ("HEIC", heic)] {
            let bundle = site + "/content/posts/tea-in-kyoto"
            let result = try Measure.alternating(
                runs: runs,
                ours: {
                    let child = try ChildProcess(
                        [binary, "image", "add", "content/posts/tea-in-kyoto", file], directory: site,
                        standardOutput: "/dev/null", standardError: "/dev/null")
                    guard child.waitUntilExit() == 0 else { throw BenchFailure("image add failed") }
                    for added in try FileManager.default.contentsOfDirectory(atPath: bundle)
                    where added.hasPrefix("photo") {
                        try FileManager.default.removeItem(atPath: bundle + "/" + added)
                    }
                },
                reference: {
                    let out = work.appending("reference.jpg")
                    _ = try Measure.process(["vips", "thumbnail", file, out, "2000"])
                    _ = try Measure.process(["exiftool", "-q", "-overwrite_original", "-all=", out])
                })
            rows.append(
                BenchRow(
                    name: "image add of a 12 MP \(name) with GPS: fitted, no metadata, read back (processes)",
                    ours: result.ours, reference: result.reference, referenceName: "vips thumbnail + exiftool -all=",
                    unit: .seconds, target: "≤ 1.5× vips + exiftool", met: result.ours <= result.reference * 1.5))
        }
        return rows
    }
}
