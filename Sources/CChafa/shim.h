#ifndef NAKEDBLOG_CCHAFA_SHIM_H
#define NAKEDBLOG_CCHAFA_SHIM_H
/* libchafa (pictures as terminal output: kitty, sixel, iTerm2, Unicode symbols), found through
   pkg-config; used only by the image helper's C code. */
#include <chafa.h>
#endif
