#ifndef NAKEDBLOG_CVIPS_SHIM_H
#define NAKEDBLOG_CVIPS_SHIM_H
#include <vips/vips.h>

/* libvips' operations take their options as NULL-terminated variadic lists, which Swift cannot
   call: one wrapper per use, each returning 0 or -1 with vips_error_buffer() set. */

/// The image at `path`, opened lazily (its header read, no pixel decoded).
static inline VipsImage *nb_vips_open(const char *path) {
    return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// The image at `path` made to fit `side` × `side` (never enlarged), turned upright by its
/// orientation tag, converted to sRGB when it carries a colour profile; decoding fails on a
/// truncated or damaged file instead of filling it in.
static inline int nb_vips_thumbnail(const char *path, int side, VipsImage **out) {
    return vips_thumbnail(path, out, side, "height", side, "size", VIPS_SIZE_DOWN, "export_profile", "srgb",
        "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
}

/// Writes `image` to `path` in the format its extension names, without metadata (EXIF, GPS,
/// XMP, IPTC, ICC: the pixels are sRGB already); `quality` for lossy formats.
static inline int nb_vips_save(VipsImage *image, const char *path, int quality) {
    return vips_image_write_to_file(image, path, "strip", TRUE, "Q", quality, NULL);
}

/// Writes a PNG (lossless) without metadata.
static inline int nb_vips_save_png(VipsImage *image, const char *path) {
    return vips_pngsave(image, path, "strip", TRUE, NULL);
}
#endif
