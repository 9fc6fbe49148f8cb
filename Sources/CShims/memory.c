#include "nb_memory.h"
#include <malloc.h>

void nb_fix_mmap_threshold(size_t bytes) {
    mallopt(M_MMAP_THRESHOLD, (int)bytes);
}

void nb_keep_freed_memory(void) {
    mallopt(M_MMAP_THRESHOLD, 256 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 512 * 1024 * 1024);
}
