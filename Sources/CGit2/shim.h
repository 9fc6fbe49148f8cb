#ifndef NAKEDBLOG_CGIT2_SHIM_H
#define NAKEDBLOG_CGIT2_SHIM_H
#include <git2.h>
#include <git2/sys/transport.h>
/* libgit2 1.8 moved git_error_set_str and git_error_clear here (1.5 to 1.7 have no such header). */
#if __has_include(<git2/sys/errors.h>)
#include <git2/sys/errors.h>
#endif

/* git_libgit2_opts is variadic (Swift cannot call it): one wrapper per option used. */

/// Turns off re-hashing every object read back from the object database (the indexer already
/// verified each object of a fetched pack), which makes checkout of a fresh clone faster.
static inline int nb_set_strict_hash_verification(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}

/// Trusts the CA certificates in `file` (PEM) and/or `directory`; NULL leaves that one unchanged.
static inline int nb_set_ssl_cert_locations(const char *file, const char *directory) {
    return git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, directory);
}

/// Where libgit2 looks for the global configuration (`.gitconfig`): normally `$HOME`, read once.
static inline int nb_set_global_config_directory(const char *directory) {
    return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, GIT_CONFIG_LEVEL_GLOBAL, directory);
}
#endif
