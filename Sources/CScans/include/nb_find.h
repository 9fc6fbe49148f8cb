#ifndef NAKEDBLOG_FIND_H
#define NAKEDBLOG_FIND_H
#include <stddef.h>

/// The offset of the first occurrence of `needle` in `haystack`, or -1 (glibc's memmem, which
/// Swift's Glibc module does not show: it needs _GNU_SOURCE).
long nb_find(const unsigned char *haystack, size_t length, const unsigned char *needle, size_t needle_length);

#endif
