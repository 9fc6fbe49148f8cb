#ifndef NAKEDBLOG_PACK_H
#define NAKEDBLOG_PACK_H

#include <stddef.h>
#include <stdint.h>

/// SHA-1, for the checksum that ends a pack file (git's format requires it; it is not used
/// for anything that needs collision resistance).
typedef struct {
    uint32_t state[5];
    uint64_t length;       // bytes hashed so far
    uint8_t block[64];
    size_t used;           // bytes waiting in `block`
} nb_sha1_context;

void nb_sha1_init(nb_sha1_context *context);
void nb_sha1_update(nb_sha1_context *context, const void *data, size_t length);
void nb_sha1_final(nb_sha1_context *context, uint8_t digest[20]);

/// The most bytes `nb_deflate` can produce for `length` input bytes.
size_t nb_deflate_bound(size_t length);

/// zlib-deflates `length` bytes into `out` (room for `nb_deflate_bound(length)` bytes) at
/// `level` (0–9); sets `*written`. Returns 0, or a zlib error code.
int nb_deflate(const void *data, size_t length, void *out, size_t *written, int level);

#endif
