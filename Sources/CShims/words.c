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
