#include "nb_lazy_library.h"
#include <dlfcn.h>
#include <stdio.h>
#include <unistd.h>

static void fail(const char *soname, const char *what) {
    const char *error = dlerror();
    fprintf(stderr, "nakedblog: cannot load %s (%s): %s\n", soname, what, error ? error : "unknown error");
    fflush(stderr);
    _exit(127);
}

void nb_lazy_library_open(const char *soname, const char *const *names, size_t count, void **table) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!library) fail(soname, "dlopen");
    for (size_t i = 0; i < count; i++) {
        void *function = dlsym(library, names[i]);
        if (!function) fail(soname, names[i]);
        table[i] = function;
    }
}
