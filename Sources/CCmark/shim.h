#ifndef NAKEDBLOG_CCMARK_SHIM_H
#define NAKEDBLOG_CCMARK_SHIM_H
#include <cmark.h>
#endif
