#ifndef NAKEDBLOG_LAZY_LIBRARY_H
#define NAKEDBLOG_LAZY_LIBRARY_H
#include <stddef.h>

/* Loads the shared library `soname` and fills `table[i]` with the address of `names[i]`, for
   the trampolines scripts/lazy-library.py generates (call it once, under pthread_once). A library
   or function that cannot be found ends the process at once: the library's name and the
   loader's reason on stderr, exit 127 (the shell's "cannot run"). */
void nb_lazy_library_open(const char *soname, const char *const *names, size_t count, void **table);

#endif
