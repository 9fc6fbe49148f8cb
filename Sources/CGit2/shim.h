#ifndef NAKEDBLOG_CGIT2_SHIM_H
#define NAKEDBLOG_CGIT2_SHIM_H
#include <git2.h>
#include <git2/sys/transport.h>

/// git_libgit2_opts is variadic (Swift cannot call it): trust the CA certificates in `file`
/// (PEM) and/or `directory` in addition to none; NULL leaves that one unchanged.
/// Turns off re-hashing every object read back from the object database (the indexer already
/// verified each object of a fetched pack), which makes checkout of a fresh clone faster.
static inline int nb_set_strict_hash_verification(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}

static inline int nb_set_ssl_cert_locations(const char *file, const char *directory) {
    return git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, directory);
}
#endif
