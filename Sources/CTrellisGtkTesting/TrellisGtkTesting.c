// What the window tests and the window benchmark read from GTK and the C library, kept out
// of the widget's own header: the widget needs none of it.
#include "TrellisGtkTesting.h"
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

unsigned long trellis_testing_x11_window(GtkWidget *widget) {
#ifdef GDK_WINDOWING_X11
    GtkNative *native = gtk_widget_get_native(widget);
    if (native == NULL) return 0;
    GdkSurface *surface = gtk_native_get_surface(native);
    if (surface != NULL && GDK_IS_X11_SURFACE(surface)) return gdk_x11_surface_get_xid(surface);
#else
    (void)widget;
#endif
    return 0;
}

size_t trellis_testing_heap_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    return mallinfo2().uordblks;
#else
    return 0;
#endif
}
