// SHA-1 and deflate for writing pack files. See nb_pack.h.
#include <string.h>
#include <zlib.h>
#include "nb_pack.h"

static uint32_t rotl(uint32_t value, int bits) { return (value << bits) | (value >> (32 - bits)); }

static void sha1_block(nb_sha1_context *c, const uint8_t *p) {
    uint32_t w[80];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 80; i++) w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    uint32_t a = c->state[0], b = c->state[1], d = c->state[3], e = c->state[4], cc = c->state[2];
    for (int i = 0; i < 80; i++) {
        uint32_t f, k;
        if (i < 20) { f = (b & cc) | (~b & d); k = 0x5A827999; }
        else if (i < 40) { f = b ^ cc ^ d; k = 0x6ED9EBA1; }
        else if (i < 60) { f = (b & cc) | (b & d) | (cc & d); k = 0x8F1BBCDC; }
        else { f = b ^ cc ^ d; k = 0xCA62C1D6; }
        uint32_t t = rotl(a, 5) + f + e + k + w[i];
        e = d; d = cc; cc = rotl(b, 30); b = a; a = t;
    }
    c->state[0] += a; c->state[1] += b; c->state[2] += cc; c->state[3] += d; c->state[4] += e;
}

void nb_sha1_init(nb_sha1_context *c) {
    static const uint32_t initial[5] = { 0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0 };
    memcpy(c->state, initial, sizeof(initial));
    c->length = 0;
    c->used = 0;
}

void nb_sha1_update(nb_sha1_context *c, const void *data, size_t length) {
    const uint8_t *p = data;
    c->length += length;
    if (c->used > 0) {
        size_t take = 64 - c->used < length ? 64 - c->used : length;
        memcpy(c->block + c->used, p, take);
        c->used += take; p += take; length -= take;
        if (c->used < 64) return;
        sha1_block(c, c->block);
        c->used = 0;
    }
    for (; length >= 64; p += 64, length -= 64) sha1_block(c, p);
    memcpy(c->block, p, length);
    c->used = length;
}

void nb_sha1_final(nb_sha1_context *c, uint8_t digest[20]) {
    uint64_t bits = c->length * 8;
    uint8_t pad = 0x80;
    nb_sha1_update(c, &pad, 1);
    uint8_t zero = 0;
    while (c->used != 56) nb_sha1_update(c, &zero, 1);
    uint8_t tail[8];
    for (int i = 0; i < 8; i++) tail[i] = (uint8_t)(bits >> (56 - 8 * i));
    nb_sha1_update(c, tail, 8);
    for (int i = 0; i < 5; i++) {
        digest[4 * i] = (uint8_t)(c->state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(c->state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(c->state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)c->state[i];
    }
}

size_t nb_deflate_bound(size_t length) { return compressBound((uLong)length); }

int nb_deflate(const void *data, size_t length, void *out, size_t *written, int level) {
    uLongf size = (uLongf)nb_deflate_bound(length);
    int rc = compress2(out, &size, data, (uLong)length, level);
    *written = rc == Z_OK ? (size_t)size : 0;
    return rc;
}
