#include "nb_memory.h"
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

void nb_fix_mmap_threshold(size_t bytes) {
    mallopt(M_MMAP_THRESHOLD, (int)bytes);
}

/* Set by nb_use_huge_pages: threads may ask for huge pages too. */
static int huge_pages_wanted;
/* Whether the calling thread's heap has been given huge pages. */
static __thread int huge_pages_given;

/* Grows the calling thread's heap by `size` (address space only), asks for huge pages over the
   2 MiB-aligned part, and frees it again: later allocations carve from that range. */
static void grow_with_huge_pages(size_t size) {
    size_t huge = 2u << 20;
    char *block = malloc(size);
    if (!block) return;
    uintptr_t start = ((uintptr_t)block + huge - 1) & ~(uintptr_t)(huge - 1);
    uintptr_t end = ((uintptr_t)block + size) & ~(uintptr_t)(huge - 1);
    if (end > start) madvise((void *)start, end - start, MADV_HUGEPAGE);
    free(block);
}

void nb_keep_freed_memory(void) {
    mallopt(M_MMAP_THRESHOLD, 256 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 512 * 1024 * 1024);
}

void nb_use_huge_pages(void) {
    /* The heap grown once by 64 MiB (address space only), and that range asked for huge pages:
       the main thread's buffers then fault in 2 MiB at a time, not 4 KiB (a fault costs ~3 µs
       here; a 1 MiB preview took ~2,600). Freed at once, so later allocations carve from it. */
    grow_with_huge_pages(64u << 20);
    huge_pages_wanted = 1;
    huge_pages_given = 1;
}

void nb_huge_pages_for_this_thread(void) {
    if (!huge_pages_wanted || huge_pages_given) return;
    huge_pages_given = 1;
    /* A thread's arena is a heap of at most 64 MiB: half of it. */
    grow_with_huge_pages(32u << 20);
}
