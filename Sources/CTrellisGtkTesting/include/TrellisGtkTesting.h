#ifndef TRELLIS_GTK_TESTING_H
#define TRELLIS_GTK_TESTING_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * trellis_testing_x11_window:
 * @widget: a widget in a window
 *
 * The window tests find the window by this id (xdotool, xwd).
 *
 * Returns: the X11 window id of the widget's toplevel surface, or 0 when the widget is not
 *   in a window or GDK does not draw on X11.
 */
unsigned long trellis_testing_x11_window(GtkWidget *widget);

/**
 * trellis_testing_heap_in_use:
 *
 * The window scroll benchmark's leak check, which resident memory alone cannot tell from
 * fragmentation.
 *
 * Returns: the bytes malloc has handed out and not had back (glibc's
 *   `mallinfo2().uordblks`), or 0 where there is no such count.
 */
size_t trellis_testing_heap_in_use(void);

G_END_DECLS

#endif
