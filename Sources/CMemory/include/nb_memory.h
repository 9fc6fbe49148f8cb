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

/* An arena for one parse: a bump allocator whose memory is given back all at once. Its calloc,
   realloc and free have the shape of cmark's `cmark_mem` (calloc zeroes; realloc keeps the
   contents and grows the newest allocation in place; free does nothing), and take from the arena
   the calling thread has begun: a document parsed with them is allocated without a malloc a
   node, and freed with its arena, not node by node. Only while its arena is the thread's current
   one may cmark allocate for a document (parsing, rendering); reading its nodes allocates
   nothing. */
typedef struct nb_arena nb_arena;

/* The allocator functions, laid out as cmark_mem. */
typedef struct nb_allocator {
    void *(*calloc)(size_t, size_t);
    void *(*realloc)(void *, size_t);
    void (*free)(void *);
} nb_allocator;

/* Starts a new arena on the calling thread (what the allocator takes from until nb_arena_end),
   its first block sized for parsing `text_size` bytes, and returns the allocator; NULL when there is no memory for it. Running out of memory later
   aborts, as cmark's own allocator does. */
nb_allocator *nb_arena_begin(size_t text_size);

/* Stops the calling thread's arena and returns it (NULL if none was begun). */
nb_arena *nb_arena_end(void);

/* Gives back all of an arena's memory. */
void nb_arena_free(nb_arena *arena);

#endif
