#include "nb_words.h"

static inline unsigned char is_space(unsigned char c) {
    return (unsigned char)((c == ' ') | (c == '\n') | (c == '\t') | (c == '\r'));
}

size_t nb_count_words(const unsigned char *text, size_t length) {
    if (length == 0) return 0;
    size_t count = !is_space(text[0]);
    size_t i = 1;
    // A word starts at i when text[i] is not a space and text[i - 1] is. Blocks of 255 bytes are
    // summed in a byte, so the compiler can compare sixteen bytes at once (a size_t sum gave two).
    while (i < length) {
        size_t end = i + 255 < length ? i + 255 : length;
        unsigned char block = 0;
        for (; i < end; i++) {
            block += (unsigned char)((!is_space(text[i])) & is_space(text[i - 1]));
        }
        count += block;
    }
    return count;
}

size_t nb_prose_run_length(const unsigned char *text, size_t length) {
    if (length == 0 || text[0] < 0x21 || text[0] > 0x7E) return 0;
    size_t i = 0;
    /* Blocks of 16 bytes (each with the byte after it) with no branch a byte: the compiler
       compares sixteen at once; the block that ends the run is read byte by byte. */
    while (i + 17 <= length) {
        unsigned char bad = 0;
        for (int k = 0; k < 16; k++) {
            unsigned char b = text[i + k], c = text[i + k + 1];
            bad |= (unsigned char)((b < 0x20) | (b > 0x7E) | ((b == 0x20) & (c == 0x20)));
        }
        if (bad) break;
        i += 16;
    }
    for (; i < length; i++) {
        unsigned char b = text[i];
        if (b < 0x20 || b > 0x7E) return i;
        if (b == 0x20 && i + 1 < length && text[i + 1] == 0x20) return i + 1;
    }
    return length;
}
