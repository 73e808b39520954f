#ifndef TRELLIS_COLLECTION_WIDGET_H
#define TRELLIS_COLLECTION_WIDGET_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * TrellisCollectionWidgetCallbacks:
 * @context: passed to every callback; the host's own state
 * @measure: the minimum and natural size along @orientation, for `for_size` across (-1: none)
 * @size_allocate: the widget got a new size (logical pixels, which are points)
 * @draw: draw the visible content into `cairo`, already clipped to the widget, origin at its
 *   top-left, in points; `scale` is the surface's scale factor
 * @scrolled: the value of the adjustment of `orientation` changed, by anyone other than the
 *   host itself (scrollbar, wheel, keys, kinetic scrolling)
 * @adjustments_changed: the scrolled window gave the widget new adjustments
 * @destroy: the widget is being finalized: the host releases @context
 *
 * What the widget asks its host (Swift) for. GObject subclassing needs C (class_init,
 * vfuncs, interface init); everything the widget decides is decided by the host through
 * these calls.
 */
typedef struct {
    void *context;
    void (*measure)(void *context, GtkOrientation orientation, int for_size, int *minimum, int *natural);
    void (*size_allocate)(void *context, int width, int height);
    void (*draw)(void *context, cairo_t *cairo, int width, int height, int scale);
    void (*scrolled)(void *context, GtkOrientation orientation, double value);
    void (*adjustments_changed)(void *context);
    void (*destroy)(void *context);
} TrellisCollectionWidgetCallbacks;

#define TRELLIS_TYPE_COLLECTION_WIDGET (trellis_collection_widget_get_type())
G_DECLARE_FINAL_TYPE(TrellisCollectionWidget, trellis_collection_widget, TRELLIS, COLLECTION_WIDGET, GtkWidget)

/**
 * trellis_collection_widget_new:
 * @callbacks: (not nullable): what the widget asks its host for; copied
 *
 * A new widget calling @callbacks. It implements #GtkScrollable: put it into a
 * #GtkScrolledWindow.
 *
 * Returns: (transfer floating): the new widget
 */
GtkWidget *trellis_collection_widget_new(const TrellisCollectionWidgetCallbacks *callbacks);

/**
 * trellis_collection_widget_get_hadjustment:
 * @widget: a #TrellisCollectionWidget
 *
 * Returns: (transfer none): the horizontal adjustment (never %NULL: a fresh one until the
 *   scrolled window sets its own)
 */
GtkAdjustment *trellis_collection_widget_get_hadjustment(TrellisCollectionWidget *widget);

/**
 * trellis_collection_widget_get_vadjustment:
 * @widget: a #TrellisCollectionWidget
 *
 * Returns: (transfer none): the vertical adjustment (never %NULL)
 */
GtkAdjustment *trellis_collection_widget_get_vadjustment(TrellisCollectionWidget *widget);

/**
 * trellis_collection_widget_configure_adjustment:
 * @widget: a #TrellisCollectionWidget
 * @orientation: which adjustment
 * @value: the new value (the content offset along @orientation)
 * @lower: the lowest value
 * @upper: the highest value plus @page_size
 * @page_size: the visible length
 * @step_increment: what an arrow on the scrollbar moves by
 * @page_increment: what Page Up and Page Down move by
 *
 * Sets an adjustment's value, bounds, page and increments at once
 * (gtk_adjustment_configure) without telling the host: the host maps the content offset
 * onto the value after each layout.
 */
void trellis_collection_widget_configure_adjustment(TrellisCollectionWidget *widget, GtkOrientation orientation, double value,
                                                    double lower, double upper, double page_size, double step_increment,
                                                    double page_increment);

/**
 * trellis_collection_widget_animations_enabled:
 * @widget: a #TrellisCollectionWidget
 *
 * Returns: #GtkSettings:gtk-enable-animations for the widget's display (scroll animations
 *   follow it)
 */
gboolean trellis_collection_widget_animations_enabled(TrellisCollectionWidget *widget);

/// Swift-friendly casts.
static inline GtkWidget *trellis_collection_widget_as_widget(TrellisCollectionWidget *widget) { return GTK_WIDGET(widget); }
static inline TrellisCollectionWidget *trellis_collection_widget_from_widget(GtkWidget *widget) { return TRELLIS_COLLECTION_WIDGET(widget); }
static inline GtkWindow *trellis_as_window(GtkWidget *widget) { return GTK_WINDOW(widget); }
static inline GtkScrolledWindow *trellis_as_scrolled_window(GtkWidget *widget) { return GTK_SCROLLED_WINDOW(widget); }
static inline GtkBox *trellis_as_box(GtkWidget *widget) { return GTK_BOX(widget); }
static inline GtkLabel *trellis_as_label(GtkWidget *widget) { return GTK_LABEL(widget); }
static inline GtkDropDown *trellis_as_drop_down(GtkWidget *widget) { return GTK_DROP_DOWN(widget); }
static inline GtkStackSidebar *trellis_as_stack_sidebar(GtkWidget *widget) { return GTK_STACK_SIDEBAR(widget); }
static inline GtkStack *trellis_as_stack(GtkWidget *widget) { return GTK_STACK(widget); }
static inline GtkEventController *trellis_as_controller(gpointer controller) { return GTK_EVENT_CONTROLLER(controller); }
static inline GtkGesture *trellis_as_gesture(gpointer gesture) { return GTK_GESTURE(gesture); }
static inline GtkGestureSingle *trellis_as_gesture_single(gpointer gesture) { return GTK_GESTURE_SINGLE(gesture); }
static inline GtkShortcutController *trellis_as_shortcut_controller(GtkEventController *controller) { return GTK_SHORTCUT_CONTROLLER(controller); }
static inline GApplication *trellis_as_application(GtkApplication *app) { return G_APPLICATION(app); }

/// g_signal_connect for Swift (the macro is not imported).
gulong trellis_signal_connect(gpointer instance, const char *signal, GCallback handler, gpointer data);

/// Whether the widget has the keyboard focus.
gboolean trellis_collection_widget_has_focus(TrellisCollectionWidget *widget);

/// The X11 window id of the widget's toplevel surface, or 0 when it is not in a window or
/// GDK does not draw on X11: the debug output's frame lines name it, so a test driving the
/// window from outside (xdotool, xwd) finds it.
unsigned long trellis_collection_widget_x11_window(TrellisCollectionWidget *widget);

/// Where a pointer event happened in the widget's coordinates (events carry their
/// surface's). False when the event has no position or the widget is not in a window.
gboolean trellis_collection_widget_event_position(TrellisCollectionWidget *widget, GdkEvent *event, double *x, double *y);

G_END_DECLS

#endif
