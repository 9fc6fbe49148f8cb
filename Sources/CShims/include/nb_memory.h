#ifndef NAKEDBLOG_MEMORY_H
#define NAKEDBLOG_MEMORY_H
#include <stddef.h>

/* Fixes glibc's mmap threshold at `bytes`: allocations at least that big are mapped on their own
   and returned to the system when freed. (Left alone, glibc raises the threshold after the
   first such free, and large transient buffers then fragment the heap.) */
void nb_fix_mmap_threshold(size_t bytes);

#endif
