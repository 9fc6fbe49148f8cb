#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include "pty_open.h"

int nb_open_pty(int *master, char *slave_name, size_t length) {
    int fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (fd < 0) return -1;
    if (grantpt(fd) != 0 || unlockpt(fd) != 0 || ptsname_r(fd, slave_name, length) != 0) return -1;
    *master = fd;
    return 0;
}

short nb_spawn_setsid_flag(void) { return POSIX_SPAWN_SETSID; }
