#ifndef NAKEDBLOG_MEMORY_H
#define NAKEDBLOG_MEMORY_H
#include <stddef.h>

/* Fixes glibc's mmap threshold at `bytes`: allocations at least that big are mapped on their own
   and returned to the system when freed. (Left alone, glibc raises the threshold after the
   first such free, and large transient buffers then fragment the heap.) */
void nb_fix_mmap_threshold(size_t bytes);

/* For a command that runs once and exits: memory freed is kept in the heap for the next
   allocation (no buffer is mapped on its own, nothing is given back early), so a megabyte
   freed is reused instead of a fresh megabyte being faulted in page by page. */
void nb_keep_freed_memory(void);

/* For a one-shot command about to work through megabytes: the heap's next 64 MiB get
   transparent huge pages (faulted in 2 MiB at a time, not 4 KiB; zeroing a first 2 MiB page
   costs more than a small job saves), and so do worker threads' arenas that ask
   (nb_huge_pages_for_this_thread). */
void nb_use_huge_pages(void);

/* After nb_use_huge_pages: the same huge pages for the calling thread's own malloc arena
   (once per thread; nothing when nb_use_huge_pages was not called, as in the app). */
void nb_huge_pages_for_this_thread(void);

#endif
