#ifndef TRELLIS_CGDKPIXBUF_SHIM_H
#define TRELLIS_CGDKPIXBUF_SHIM_H
#include <gdk-pixbuf/gdk-pixbuf.h>
#endif
