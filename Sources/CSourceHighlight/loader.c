/* Opens libnakedblog-highlight.so on the first call and forwards to it (see nb_highlight.h). */
#include "nb_highlight.h"
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char library[] = "libnakedblog-highlight.so";

static nb_highlight_language *(*load_function)(const char *, const char *, char *, size_t);
static void (*free_function)(nb_highlight_language *);
static int (*text_function)(nb_highlight_language *, const char *, size_t, nb_highlight_token, void *, char *, size_t);
static char reason[600];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* The library from the first place that has it: beside the executable, in its ../lib/nakedblog,
   or installed system-wide. Never from the working directory or the environment. */
static void open_library(void) {
    char executable[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    char folder[PATH_MAX] = "";
    if (length > 0) {
        executable[length] = '\0';
        char *slash = strrchr(executable, '/');
        if (slash) { *slash = '\0'; snprintf(folder, sizeof folder, "%s", executable); }
    }
    char candidates[4][PATH_MAX + 64];
    int count = 0;
    if (folder[0]) {
        snprintf(candidates[count++], sizeof candidates[0], "%s/%s", folder, library);
        snprintf(candidates[count++], sizeof candidates[0], "%s/../lib/nakedblog/%s", folder, library);
    }
    snprintf(candidates[count++], sizeof candidates[0], "/usr/lib/nakedblog/%s", library);
    snprintf(candidates[count++], sizeof candidates[0], "/usr/local/lib/nakedblog/%s", library);
    void *handle = NULL;
    for (int i = 0; i < count && !handle; i++) {
        if (access(candidates[i], R_OK) != 0) continue;
        handle = dlopen(candidates[i], RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char *error = dlerror();
            snprintf(reason, sizeof reason, "cannot load %s: %s", candidates[i], error ? error : "unknown error");
            return;
        }
    }
    if (!handle) {
        snprintf(reason, sizeof reason, "%s is not beside the executable nor in /usr/lib/nakedblog", library);
        return;
    }
    load_function = (nb_highlight_language * (*)(const char *, const char *, char *, size_t)) dlsym(handle, "nb_srchilite_load");
    free_function = (void (*)(nb_highlight_language *))dlsym(handle, "nb_srchilite_free");
    text_function = (int (*)(nb_highlight_language *, const char *, size_t, nb_highlight_token, void *, char *, size_t))dlsym(handle, "nb_srchilite_text");
    if (!load_function || !free_function || !text_function) {
        load_function = NULL;
        snprintf(reason, sizeof reason, "%s lacks the highlighter's functions", library);
    }
}

const char *nb_highlight_unavailable(void) {
    pthread_once(&once, open_library);
    return load_function ? NULL : reason;
}

static int unavailable(char *error, size_t error_size) {
    const char *why = nb_highlight_unavailable();
    if (!why) return 0;
    if (error && error_size > 0) snprintf(error, error_size, "%s", why);
    return 1;
}

nb_highlight_language *nb_highlight_load(const char *folder, const char *file, char *error, size_t error_size) {
    if (unavailable(error, error_size)) return NULL;
    return load_function(folder, file, error, error_size);
}

void nb_highlight_free(nb_highlight_language *language) {
    if (language && !nb_highlight_unavailable()) free_function(language);
}

int nb_highlight_text(nb_highlight_language *language, const char *text, size_t length,
                      nb_highlight_token callback, void *context, char *error, size_t error_size) {
    if (unavailable(error, error_size)) return -1;
    return text_function(language, text, length, callback, context, error, error_size);
}
