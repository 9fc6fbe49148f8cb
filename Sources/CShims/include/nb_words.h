#ifndef NAKEDBLOG_WORDS_H
#define NAKEDBLOG_WORDS_H
#include <stddef.h>

/// Counts words as Hugo does by default: runs of bytes other than space, tab, CR and LF.
/// Written so the compiler vectorizes it (each byte compared with the one before it).
size_t nb_count_words(const unsigned char *text, size_t length);

#endif
