#ifndef NAKEDBLOG_DIRENTS_H
#define NAKEDBLOG_DIRENTS_H

/// Reads entries of the open directory `fd` into `buffer` with Linux's getdents64 (Swift's Glibc
/// module does not show it). Records are `struct linux_dirent64`: d_ino (8 bytes), d_off (8),
/// d_reclen (2), d_type (1), then the NUL-terminated name. Returns the number of bytes read,
/// 0 at the end of the directory, or -1 with errno set.
long nb_getdents64(int fd, void *buffer, unsigned long length);

/// The filesystem type (`statfs.f_type`) of the open file `fd`, or -1 (Swift's Glibc does not
/// show `fstatfs`).
long nb_filesystem_type(int fd);

#endif
