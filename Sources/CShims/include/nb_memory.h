#ifndef NAKEDBLOG_MEMORY_H
#define NAKEDBLOG_MEMORY_H
#include <stddef.h>

/* Fixes glibc's mmap threshold at `bytes`: allocations at least that big are mapped on their own
   and returned to the system when freed. (Left alone, glibc raises the threshold after the
   first such free, and large transient buffers then fragment the heap.) */
void nb_fix_mmap_threshold(size_t bytes);

/* For a command that runs once and exits: memory freed is kept in the heap for the next
   allocation (no buffer is mapped on its own, nothing is given back early), so a megabyte
   freed is reused instead of a fresh megabyte being faulted in page by page; and the heap's
   first 64 MiB are given transparent huge pages (faulted in 2 MiB at a time). */
void nb_keep_freed_memory(void);

/* After nb_keep_freed_memory: the same huge pages for the calling thread's own malloc arena
   (once per thread; nothing when nb_keep_freed_memory was not called, as in the app). */
void nb_huge_pages_for_this_thread(void);

#endif
