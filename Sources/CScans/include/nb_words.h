#ifndef NAKEDBLOG_WORDS_H
#define NAKEDBLOG_WORDS_H
#include <stddef.h>

/// Counts words as Hugo does by default: runs of bytes other than space, tab, CR and LF.
/// Written so the compiler vectorizes it (each byte compared with the one before it).
size_t nb_count_words(const unsigned char *text, size_t length);

/// The offset of the first byte of UTF-8 `text` that may start a character the terminal
/// sanitiser replaces (a C0 or C1 control, DEL, a bidi control), or `length` when none does.
/// Scanned sixteen bytes at a time (the compiler vectorizes it); the caller checks the character found.
size_t nb_first_control_candidate(const unsigned char *text, size_t length);

/// The length of the longest start of `text` made of printable ASCII (0x21-0x7E) words with
/// one space between them (it may end with a space, or inside a word); 0 when `text` does not
/// start with such a byte. Scanned sixteen bytes at a time.
size_t nb_prose_run_length(const unsigned char *text, size_t length);

#endif
