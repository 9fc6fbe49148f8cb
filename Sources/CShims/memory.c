#include "nb_memory.h"
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

void nb_fix_mmap_threshold(size_t bytes) {
    mallopt(M_MMAP_THRESHOLD, (int)bytes);
}

void nb_keep_freed_memory(void) {
    mallopt(M_MMAP_THRESHOLD, 256 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 512 * 1024 * 1024);
    /* The heap grown once by 64 MiB (address space only), and that range asked for huge pages:
       the main thread's buffers then fault in 2 MiB at a time, not 4 KiB (a fault costs ~3 µs
       here; a 1 MiB preview took ~2,600). Freed at once, so later allocations carve from it. */
    size_t size = 64u << 20, huge = 2u << 20;
    char *block = malloc(size);
    if (block) {
        uintptr_t start = ((uintptr_t)block + huge - 1) & ~(uintptr_t)(huge - 1);
        uintptr_t end = ((uintptr_t)block + size) & ~(uintptr_t)(huge - 1);
        if (end > start) madvise((void *)start, end - start, MADV_HUGEPAGE);
        free(block);
    }
}
