#define _GNU_SOURCE
#include <sys/syscall.h>
#include <unistd.h>
#include "nb_dirents.h"

long nb_getdents64(int fd, void *buffer, unsigned long length) {
    return syscall(SYS_getdents64, fd, buffer, length);
}
