/* The image helper: libvips' decoders and libchafa in a process of their own, so a damaged or
   hostile picture can only end this process, and the app loads neither library at start. Written
   in C so that a sandbox running it needs nothing but the system's own libraries.

     nakedblog-image fit IN OUT SIDE QUALITY MAX_PIXELS
       Reads IN's header and refuses (exit 3) a picture of more than MAX_PIXELS pixels before any
       is decoded; then writes OUT (its format from its extension: JPEG, PNG, WebP, AVIF): upright,
       at most SIDE pixels on its long side (never enlarged), sRGB, without metadata; QUALITY for
       lossy formats, PNG lossless. Prints "IN_W IN_H OUT_W OUT_H".

     nakedblog-image show FORMAT COLOURS COLUMNS ROWS CELL_W CELL_H MAX_PIXELS IN OUT
       Draws the picture IN for a terminal into OUT, fitted into COLUMNS × ROWS cells
       of CELL_W × CELL_H pixels (never enlarged past its own pixels in a pixel format), as FORMAT:
       kitty, sixel, iterm (iTerm2's inline images: a JPEG, or a PNG with transparency) or symbols (Unicode blocks in COLOURS:
       truecolor, 256, 16 or 8): escape sequences, for symbols one line per row of cells,
       each row self-contained. Prints "IN_W IN_H COLUMNS ROWS" (the picture's upright size).

   Exit 1: not an image, or damaged (the reason on stderr); 2: usage; 3: too many pixels. */
#include <chafa.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <vips/vips.h>

static void fail(const char *message, int status) {
    fprintf(stderr, "%s\n", message);
    exit(status);
}

/* The first line of libvips' error buffer, or a plain reason. */
static void fail_vips(int status) {
    char reason[512];
    const char *buffer = vips_error_buffer();
    if (buffer == NULL || buffer[0] == '\0') buffer = "cannot read the picture";
    size_t length = strcspn(buffer, "\n");
    if (length >= sizeof reason) length = sizeof reason - 1;
    memcpy(reason, buffer, length);
    reason[length] = '\0';
    fail(reason, status);
}

static long number(const char *text, long low, long high) {
    char *end = NULL;
    errno = 0;
    long value = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || value < low || value > high) fail("a number is out of range", 2);
    return value;
}

static void refuse_if_too_big(VipsImage *header, long max_pixels) {
    long width = vips_image_get_width(header), height = vips_image_get_height(header);
    if (width * height > max_pixels) {
        char reason[160];
        snprintf(reason, sizeof reason, "%ld×%ld pixels is more than the limit of %ld megapixels", width, height,
            max_pixels / 1000000);
        fail(reason, 3);
    }
}

static int has_suffix(const char *text, const char *suffix) {
    size_t a = strlen(text), b = strlen(suffix);
    return a >= b && strcasecmp(text + a - b, suffix) == 0;
}

static int fit(char **argv) {
    const char *input = argv[2], *output = argv[3];
    int side = (int)number(argv[4], 1, 100000), quality = (int)number(argv[5], 1, 100);
    long max_pixels = number(argv[6], 1, 1L << 40);
    VipsImage *header = vips_image_new_from_file(input, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (header == NULL) fail_vips(1);
    int in_width = vips_image_get_width(header), in_height = vips_image_get_height(header);
    refuse_if_too_big(header, max_pixels);
    g_object_unref(header);
    /* Upright by its orientation tag, sRGB when it carries a profile, failing on a damaged
       file (any decoder warning: a header claiming more than the data holds) instead of
       filling it in. */
    VipsImage *fitted = NULL;
    if (vips_thumbnail(input, &fitted, side, "height", side, "size", VIPS_SIZE_DOWN, "export_profile", "srgb",
            "fail_on", VIPS_FAIL_ON_WARNING, NULL) != 0)
        fail_vips(1);
    /* No metadata to write, whatever a saver does with `strip` (libvips 8.14's WebP saver
       ignores it, and rebuilds an EXIF block from the `exif-ifd…` fields even when `exif-data`
       is gone): every metadata field is taken off a copy. The app reads the file back all the
       same. */
    VipsImage *image = NULL;
    if (vips_copy(fitted, &image, NULL) != 0) fail_vips(1);
    g_object_unref(fitted);
    static const char *metadata[] = {"exif-", "xmp-", "iptc-", "jpeg-thumbnail", "png-comment", "gif-comment",
        "photoshop-", "magick-"};
    gchar **fields = vips_image_get_fields(image);
    for (gchar **field = fields; field != NULL && *field != NULL; field++) {
        for (size_t i = 0; i < sizeof metadata / sizeof metadata[0]; i++) {
            if (strncmp(*field, metadata[i], strlen(metadata[i])) == 0) {
                vips_image_remove(image, *field);
                break;
            }
        }
    }
    g_strfreev(fields);
    int saved = has_suffix(output, ".png") ? vips_pngsave(image, output, "strip", TRUE, NULL)
                                           : vips_image_write_to_file(image, output, "strip", TRUE, "Q", quality, NULL);
    if (saved != 0) {
        unlink(output);
        fail_vips(1);
    }
    printf("%d %d %d %d\n", in_width, in_height, vips_image_get_width(image), vips_image_get_height(image));
    g_object_unref(image);
    return 0;
}

static ChafaPixelMode pixel_mode(const char *format) {
    if (strcmp(format, "kitty") == 0) return CHAFA_PIXEL_MODE_KITTY;
    if (strcmp(format, "sixel") == 0) return CHAFA_PIXEL_MODE_SIXELS;
    if (strcmp(format, "iterm") == 0) return CHAFA_PIXEL_MODE_ITERM2;
    if (strcmp(format, "symbols") == 0) return CHAFA_PIXEL_MODE_SYMBOLS;
    fail("FORMAT is kitty, sixel, iterm or symbols", 2);
    return CHAFA_PIXEL_MODE_SYMBOLS;
}

/* The colours chafa draws with: a terminal's few for symbols; for sixel (and the other pixel
   formats) chafa's own palette made for the picture — a fixed 240 posterised photographs. */
static ChafaCanvasMode canvas_mode(const char *colours, ChafaPixelMode mode) {
    if (mode != CHAFA_PIXEL_MODE_SYMBOLS) return CHAFA_CANVAS_MODE_TRUECOLOR;
    if (strcmp(colours, "truecolor") == 0) return CHAFA_CANVAS_MODE_TRUECOLOR;
    /* 240: the palette's cube and greys, not the 16 colours a theme may have changed. */
    if (strcmp(colours, "256") == 0) return CHAFA_CANVAS_MODE_INDEXED_240;
    if (strcmp(colours, "16") == 0) return CHAFA_CANVAS_MODE_INDEXED_16;
    if (strcmp(colours, "8") == 0) return CHAFA_CANVAS_MODE_INDEXED_8;
    fail("COLOURS is truecolor, 256, 16 or 8", 2);
    return CHAFA_CANVAS_MODE_TRUECOLOR;
}

/* `image` as 8-bit sRGB with alpha: what chafa draws from. */
static VipsImage *rgba8(VipsImage *image) {
    VipsImage *srgb = NULL, *with_alpha = NULL;
    if (vips_colourspace(image, &srgb, VIPS_INTERPRETATION_sRGB, NULL) != 0) fail_vips(1);
    if (vips_image_hasalpha(srgb)) {
        with_alpha = srgb;
    } else {
        if (vips_bandjoin_const1(srgb, &with_alpha, 255.0, NULL) != 0) fail_vips(1);
        g_object_unref(srgb);
    }
    VipsImage *bytes = NULL;
    if (vips_cast_uchar(with_alpha, &bytes, NULL) != 0) fail_vips(1);
    g_object_unref(with_alpha);
    return bytes;
}

/* iTerm2's inline image of `image`, as a JPEG (a PNG when it has transparency): chafa 1.12
   sends an uncompressed TIFF, ~20 times the bytes, which a writer over SSH waits for. */
static int iterm(VipsImage *image, int columns, int rows, int in_width, int in_height, const char *output) {
    VipsImage *srgb = NULL;
    if (vips_colourspace(image, &srgb, VIPS_INTERPRETATION_sRGB, NULL) != 0) fail_vips(1);
    void *encoded = NULL;
    size_t length = 0;
    int saved = vips_image_hasalpha(srgb)
                    ? vips_pngsave_buffer(srgb, &encoded, &length, "strip", TRUE, NULL)
                    : vips_jpegsave_buffer(srgb, &encoded, &length, "Q", 85, "strip", TRUE, NULL);
    g_object_unref(srgb);
    g_object_unref(image);
    if (saved != 0) fail_vips(1);
    gchar *base64 = g_base64_encode(encoded, length);
    g_free(encoded);
    FILE *file = fopen(output, "wb");
    if (file == NULL) fail("cannot write the drawing", 1);
    fprintf(file, "\033]1337;File=inline=1;size=%zu;width=%d;height=%d;preserveAspectRatio=1:%s\a", length, columns,
        rows, base64);
    g_free(base64);
    if (fclose(file) != 0) fail("cannot write the drawing", 1);
    printf("%d %d %d %d\n", in_width, in_height, columns, rows);
    return fflush(stdout) == 0 ? 0 : 1;
}

static int show(char **argv) {
    ChafaPixelMode mode = pixel_mode(argv[2]);
    ChafaCanvasMode colours = canvas_mode(argv[3], mode);
    int max_columns = (int)number(argv[4], 1, 1000), max_rows = (int)number(argv[5], 1, 1000);
    int cell_width = (int)number(argv[6], 1, 200), cell_height = (int)number(argv[7], 1, 400);
    long max_pixels = number(argv[8], 1, 1L << 40);
    const char *input = argv[9], *output = argv[10];
    VipsImage *header = vips_image_new_from_file(input, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (header == NULL) fail_vips(1);
    refuse_if_too_big(header, max_pixels);
    int in_width = vips_image_get_width(header), in_height = vips_image_get_height(header);
    /* The orientation tag may swap the sides the picture is shown with. */
    int orientation = vips_image_get_orientation(header);
    if (orientation >= 5 && orientation <= 8) {
        int swap = in_width;
        in_width = in_height;
        in_height = swap;
    }
    g_object_unref(header);

    /* The cells: as many as fit, the shape kept; a pixel format never enlarges a small picture. */
    int columns = max_columns, rows = max_rows;
    if (mode != CHAFA_PIXEL_MODE_SYMBOLS) {
        int own_columns = (in_width + cell_width - 1) / cell_width, own_rows = (in_height + cell_height - 1) / cell_height;
        if (own_columns < columns) columns = own_columns > 0 ? own_columns : 1;
        if (own_rows < rows) rows = own_rows > 0 ? own_rows : 1;
    }
    chafa_calc_canvas_geometry(
        in_width, in_height, &columns, &rows, (gfloat)cell_width / (gfloat)cell_height, TRUE, FALSE);
    if (columns < 1) columns = 1;
    if (rows < 1) rows = 1;

    /* (No colour-profile conversion for a terminal's few colours: sRGB by interpretation below.) */
    VipsImage *thumbnail = NULL;
    if (vips_thumbnail(input, &thumbnail, columns * cell_width, "height", rows * cell_height, "size",
            VIPS_SIZE_DOWN, "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL) != 0)
        fail_vips(1);
    if (mode == CHAFA_PIXEL_MODE_ITERM2) return iterm(thumbnail, columns, rows, in_width, in_height, output);
    VipsImage *pixels = rgba8(thumbnail);
    g_object_unref(thumbnail);
    /* A pixel format fills its cells: the picture, its shape kept, is placed in a transparent
       box of exactly those cells (letterboxed, as iTerm2 does), not stretched to them. */
    if (mode != CHAFA_PIXEL_MODE_SYMBOLS) {
        VipsImage *boxed = NULL;
        VipsArrayDouble *clear = vips_array_double_newv(4, 0.0, 0.0, 0.0, 0.0);
        int failed = vips_embed(pixels, &boxed, 0, 0, columns * cell_width, rows * cell_height, "extend",
            VIPS_EXTEND_BACKGROUND, "background", clear, NULL);
        vips_area_unref(VIPS_AREA(clear));
        if (failed != 0) fail_vips(1);
        g_object_unref(pixels);
        pixels = boxed;
    }
    size_t size = 0;
    void *memory = vips_image_write_to_memory(pixels, &size);
    if (memory == NULL) fail_vips(1);
    int width = vips_image_get_width(pixels), height = vips_image_get_height(pixels);
    g_object_unref(pixels);

    ChafaCanvasConfig *config = chafa_canvas_config_new();
    chafa_canvas_config_set_geometry(config, columns, rows);
    chafa_canvas_config_set_cell_geometry(config, cell_width, cell_height);
    chafa_canvas_config_set_pixel_mode(config, mode);
    chafa_canvas_config_set_canvas_mode(config, colours);
    ChafaSymbolMap *symbols = chafa_symbol_map_new();
    chafa_symbol_map_add_by_tags(symbols, CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_BORDER | CHAFA_SYMBOL_TAG_SPACE);
    chafa_symbol_map_remove_by_tags(symbols, CHAFA_SYMBOL_TAG_WIDE);
    chafa_canvas_config_set_symbol_map(config, symbols);
    ChafaCanvas *canvas = chafa_canvas_new(config);
    chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, memory, width, height, width * 4);
    g_free(memory);

    /* Chafa's sequences for a terminal that speaks the protocol asked for. */
    gchar *kitty[] = {"TERM=xterm-kitty", NULL}, *sixel[] = {"TERM=mlterm", NULL},
          *iterm[] = {"TERM=xterm-256color", "TERM_PROGRAM=iTerm.app", NULL},
          *plain[] = {"TERM=xterm-256color", "COLORTERM=truecolor", NULL};
    gchar **environment = mode == CHAFA_PIXEL_MODE_KITTY    ? kitty
                          : mode == CHAFA_PIXEL_MODE_SIXELS ? sixel
                          : mode == CHAFA_PIXEL_MODE_ITERM2 ? iterm
                                                            : plain;
    ChafaTermDb *database = chafa_term_db_new();
    ChafaTermInfo *terminal = chafa_term_db_detect(database, environment);
    GString *printed = chafa_canvas_print(canvas, terminal);
    FILE *file = fopen(output, "wb");
    if (file == NULL || fwrite(printed->str, 1, printed->len, file) != printed->len || fclose(file) != 0)
        fail("cannot write the drawing", 1);
    g_string_free(printed, TRUE);
    printf("%d %d %d %d\n", in_width, in_height, columns, rows);
    chafa_term_info_unref(terminal);
    chafa_term_db_unref(database);
    chafa_canvas_unref(canvas);
    chafa_symbol_map_unref(symbols);
    chafa_canvas_config_unref(config);
    return fflush(stdout) == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
    int fitting = argc == 7 && strcmp(argv[1], "fit") == 0, showing = argc == 11 && strcmp(argv[1], "show") == 0;
    if (!fitting && !showing) {
        fail("usage: nakedblog-image fit IN OUT SIDE QUALITY MAX_PIXELS\n"
             "       nakedblog-image show FORMAT COLOURS COLUMNS ROWS CELL_W CELL_H MAX_PIXELS IN OUT",
            2);
    }
    if (VIPS_INIT(argv[0]) != 0) fail_vips(1);
    /* One picture, then exit: no operation cache, one worker thread. */
    vips_cache_set_max(0);
    vips_concurrency_set(1);
    int status = fitting ? fit(argv) : show(argv);
    vips_shutdown();
    return status;
}
