#ifndef NAKEDBLOG_PTY_OPEN_H
#define NAKEDBLOG_PTY_OPEN_H
#include <stddef.h>

/// Opens a pseudo-terminal master (for tests and benchmarks that drive the app like a terminal
/// would); writes the slave's path to `slave_name`. Returns 0 or -1 (errno set).
int nb_open_pty(int *master, char *slave_name, size_t length);

/// POSIX_SPAWN_SETSID (a GNU extension Swift's Glibc module does not show).
short nb_spawn_setsid_flag(void);
#endif
