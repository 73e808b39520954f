#ifndef TRELLIS_CPANGO_SHIM_H
#define TRELLIS_CPANGO_SHIM_H
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
#endif
