#ifndef NAKEDBLOG_CHUNSPELL_SHIM_H
#define NAKEDBLOG_CHUNSPELL_SHIM_H
#include <hunspell/hunspell.h>
#endif
