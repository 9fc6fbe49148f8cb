#ifndef NAKEDBLOG_CGIT2_SHIM_H
#define NAKEDBLOG_CGIT2_SHIM_H
#include <git2.h>
#include <git2/sys/transport.h>
#endif
