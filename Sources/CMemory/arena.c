#include "nb_memory.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct block {
    struct block *next;
    size_t used;
    size_t size;
    max_align_t data[];
} block;

struct nb_arena {
    block *head;
    /* The next block's size: from the text's size at first (a small post needs no large block,
       and the app's small blocks stay on the heap, not mmap'd a keystroke), doubling up to a cap. */
    size_t next_size;
    /* The newest allocation (realloc grows it in place while it is the newest). */
    char *last;
};

/* Each allocation is preceded by its size, so realloc knows what to copy. */
typedef struct { size_t size; size_t pad; } header;

enum { smallest_block = 8 * 1024, largest_block = 512 * 1024, alignment = 16 };

static __thread nb_arena *current;

static size_t rounded(size_t n) { return (n + alignment - 1) & ~(size_t)(alignment - 1); }

static void *take(size_t size) {
    nb_arena *arena = current;
    /* Only the parse allocates (reading a parsed tree does not): an allocation with no arena
       begun is a mistake in the caller, stopped here rather than handed a NULL. */
    if (!arena) abort();
    size_t need = sizeof(header) + rounded(size ? size : 1);
    block *head = arena->head;
    if (!head || head->size - head->used < need) {
        size_t capacity = need > arena->next_size / 4 ? need : arena->next_size;
        if (capacity != need && arena->next_size < largest_block) arena->next_size *= 2;
        block *fresh = malloc(sizeof(block) + capacity);
        if (!fresh) abort();  /* as cmark's own allocator does */
        fresh->used = 0;
        fresh->size = capacity;
        if (capacity == need && head) {
            /* A large allocation gets a block of its own, behind the current one. */
            fresh->next = head->next;
            head->next = fresh;
        } else {
            fresh->next = head;
            arena->head = fresh;
        }
        head = fresh;
    }
    char *at = (char *)head->data + head->used;
    head->used += need;
    ((header *)at)->size = size;
    arena->last = at + sizeof(header);
    return at + sizeof(header);
}

static void *arena_calloc(size_t count, size_t size) {
    if (size && count > SIZE_MAX / size) return NULL;
    void *p = take(count * size);
    if (p) memset(p, 0, count * size);
    return p;
}

static void *arena_realloc(void *old, size_t size) {
    if (!old) return take(size);
    header *h = (header *)((char *)old - sizeof(header));
    nb_arena *arena = current;
    if (arena && old == arena->last && arena->head) {
        /* The newest allocation: grown in place when its block has room. */
        block *head = arena->head;
        char *end = (char *)head->data + head->used;
        size_t have = rounded(h->size ? h->size : 1), want = rounded(size ? size : 1);
        if ((char *)old + have == end && want >= have && head->size - head->used >= want - have) {
            head->used += want - have;
            h->size = size;
            return old;
        }
    }
    void *fresh = take(size);
    if (fresh) memcpy(fresh, old, h->size < size ? h->size : size);
    return fresh;
}

static void arena_free(void *p) { (void)p; }

static nb_allocator allocator = {arena_calloc, arena_realloc, arena_free};

nb_allocator *nb_arena_begin(size_t text_size) {
    current = calloc(1, sizeof(nb_arena));
    if (!current) return NULL;
    /* cmark's tree takes about eight times the text it was parsed from. */
    size_t first = text_size < largest_block / 8 ? text_size * 8 : largest_block;
    current->next_size = first < smallest_block ? smallest_block : first;
    return &allocator;
}

nb_arena *nb_arena_end(void) {
    nb_arena *arena = current;
    current = NULL;
    return arena;
}

void nb_arena_free(nb_arena *arena) {
    if (!arena) return;
    for (block *b = arena->head; b;) {
        block *next = b->next;
        free(b);
        b = next;
    }
    free(arena);
}
