#ifndef TRELLIS_GTK_TESTING_H
#define TRELLIS_GTK_TESTING_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

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
