#include "nb_words.h"

/* Whether byte b, followed by c, may start a character the terminal sanitiser replaces: a C0
   control or DEL, C2 followed by 80-9F (a C1 control), E2 followed by 80 or 81 (where the bidi
   controls are). Continuation bytes never match, so a scan may start inside a character. */
static inline unsigned char may_start_control(unsigned char b, unsigned char c) {
    return (unsigned char)((b < 0x20) | (b == 0x7F) | ((b == 0xC2) & ((c & 0xE0) == 0x80)) | ((b == 0xE2) & ((c & 0xFE) == 0x80)));
}

/* Whether any of the 16 bytes at text (each with the byte after it) may start one: no branch a
   byte, which the compiler turns into sixteen-byte compares. */
static inline int block_may_hold_control(const unsigned char *text) {
    unsigned char any = 0;
    for (int k = 0; k < 16; k++) any |= may_start_control(text[k], text[k + 1]);
    return any;
}

size_t nb_first_control_candidate(const unsigned char *text, size_t length) {
    size_t i = 0;
    while (i + 17 <= length && !block_may_hold_control(text + i)) i += 16;
    if (i + 17 > length && length >= 17 && !block_may_hold_control(text + length - 17)) {
        /* The last block, overlapping the one before: only the last byte is left to read. */
        i = length - 1;
    }
    for (; i < length; i++) {
        if (may_start_control(text[i], i + 1 < length ? text[i + 1] : 0)) return i;
    }
    return length;
}
