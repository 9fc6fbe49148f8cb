import CVips
import Foundation

// The image helper: libvips' decoders in a process of their own (a damaged or hostile picture
// can only end this process, and the app does not load libvips at every start).
//
//   nakedblog-image fit IN OUT SIDE QUALITY MAX_PIXELS
//
// Reads IN's header and refuses (exit 3) a picture of more than MAX_PIXELS pixels before any
// is decoded; then writes OUT (its format from its extension): upright, at most SIDE pixels on
// its long side (never enlarged), sRGB, without metadata. Prints "IN_W IN_H OUT_W OUT_H".
// Exit 1: not an image, or damaged (the reason on stderr); 2: usage.

func fail(_ message: String, _ status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

func vipsError() -> String {
    let text = vips_error_buffer().map { String(cString: $0) } ?? ""
    vips_error_clear()
    return text.split(separator: "\n").first.map(String.init) ?? "cannot read the picture"
}

let arguments = CommandLine.arguments
guard arguments.count == 7, arguments[1] == "fit", let side = Int32(arguments[4]), let quality = Int32(arguments[5]),
    let maxPixels = Int(arguments[6])
else { fail("usage: nakedblog-image fit IN OUT SIDE QUALITY MAX_PIXELS", 2) }
let (input, output) = (arguments[2], arguments[3])
guard vips_init(arguments[0]) == 0 else { fail("libvips could not start: \(vipsError())", 1) }
// No thread pool bigger than the machine, no operation cache kept (one picture, then exit).
vips_cache_set_max(0)

guard let header = nb_vips_open(input) else { fail(vipsError(), 1) }
let (width, height) = (Int(vips_image_get_width(header)), Int(vips_image_get_height(header)))
g_object_unref(header)
if width * height > maxPixels {
    fail("\(width)×\(height) pixels is more than the limit of \(maxPixels / 1_000_000) megapixels", 3)
}
var fitted: UnsafeMutablePointer<VipsImage>?
guard nb_vips_thumbnail(input, side, &fitted) == 0, let image = fitted else { fail(vipsError(), 1) }
defer { g_object_unref(image) }
let saved =
    output.lowercased().hasSuffix(".png") ? nb_vips_save_png(image, output) : nb_vips_save(image, output, quality)
guard saved == 0 else {
    unlink(output)
    fail(vipsError(), 1)
}
print("\(width) \(height) \(vips_image_get_width(image)) \(vips_image_get_height(image))")
vips_shutdown()
