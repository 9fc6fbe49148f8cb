#define _GNU_SOURCE
#include <string.h>
#include "nb_find.h"

long nb_find(const unsigned char *haystack, size_t length, const unsigned char *needle, size_t needle_length) {
    const unsigned char *found = memmem(haystack, length, needle, needle_length);
    return found ? (long)(found - haystack) : -1;
}
