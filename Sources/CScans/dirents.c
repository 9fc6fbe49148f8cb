#define _GNU_SOURCE
#include <sys/vfs.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "nb_dirents.h"

long nb_getdents64(int fd, void *buffer, unsigned long length) {
    return syscall(SYS_getdents64, fd, buffer, length);
}

long nb_filesystem_type(int fd) {
    struct statfs info;
    return fstatfs(fd, &info) == 0 ? (long)info.f_type : -1;
}
