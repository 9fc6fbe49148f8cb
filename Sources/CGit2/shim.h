#ifndef NAKEDBLOG_CGIT2_SHIM_H
#define NAKEDBLOG_CGIT2_SHIM_H
#include <git2.h>
#include <git2/sys/transport.h>

/// git_libgit2_opts is variadic (Swift cannot call it): trust the CA certificates in `file`
/// (PEM) and/or `directory` in addition to none; NULL leaves that one unchanged.
static inline int nb_set_ssl_cert_locations(const char *file, const char *directory) {
    return git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, directory);
}
#endif
