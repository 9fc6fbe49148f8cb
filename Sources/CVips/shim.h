#ifndef NAKEDBLOG_CVIPS_SHIM_H
#define NAKEDBLOG_CVIPS_SHIM_H
/* libvips, found through pkg-config; used only by the image helper's C code. */
#include <vips/vips.h>
#endif
