#ifndef TRELLIS_CGTK_SHIM_H
#define TRELLIS_CGTK_SHIM_H
#include <gtk/gtk.h>
#endif
