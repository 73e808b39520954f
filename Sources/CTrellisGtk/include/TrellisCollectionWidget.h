#ifndef TRELLIS_COLLECTION_WIDGET_H
#define TRELLIS_COLLECTION_WIDGET_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/// What the widget asks its host (Swift) for. Every function receives `context`.
/// GObject subclassing needs C (class_init, vfuncs, interface init); everything the
/// widget decides is decided by the host through these calls.
typedef struct {
    void *context;
    /// The minimum and natural size along `orientation` (GTK_ORIENTATION_*), for
    /// `for_size` across (-1: none).
    void (*measure)(void *context, int orientation, int for_size, int *minimum, int *natural);
    /// The widget got a new size (logical pixels = points).
    void (*size_allocate)(void *context, int width, int height);
    /// Draw the visible content into `cairo` (already clipped to the widget, origin at its
    /// top-left, in points); `scale` is the surface's scale factor.
    void (*draw)(void *context, cairo_t *cairo, int width, int height, int scale);
    /// The value of the horizontal (0) or vertical (1) adjustment changed, by anyone other
    /// than the host itself (scrollbar, wheel, keys, kinetic scrolling).
    void (*scrolled)(void *context, int orientation, double value);
    /// The scrolled window gave the widget new adjustments.
    void (*adjustments_changed)(void *context);
    /// The widget is being finalized: the host releases `context`.
    void (*destroy)(void *context);
} TrellisCollectionWidgetCallbacks;

#define TRELLIS_TYPE_COLLECTION_WIDGET (trellis_collection_widget_get_type())
G_DECLARE_FINAL_TYPE(TrellisCollectionWidget, trellis_collection_widget, TRELLIS, COLLECTION_WIDGET, GtkWidget)

/// A new widget calling `callbacks` (copied). It implements GtkScrollable: put it into a
/// GtkScrolledWindow.
GtkWidget *trellis_collection_widget_new(const TrellisCollectionWidgetCallbacks *callbacks);

/// The current adjustments (never NULL: a fresh one until the scrolled window sets its own).
GtkAdjustment *trellis_collection_widget_get_hadjustment(TrellisCollectionWidget *widget);
GtkAdjustment *trellis_collection_widget_get_vadjustment(TrellisCollectionWidget *widget);

/// Sets an adjustment's bounds, page and increments without touching its value (so a
/// running animation or kinetic scroll goes on) and without telling the host.
/// orientation: 0 horizontal, 1 vertical.
void trellis_collection_widget_set_adjustment_bounds(TrellisCollectionWidget *widget, int orientation, double lower, double upper,
                                          double page_size, double step_increment, double page_increment);

/// Sets only the value of an adjustment, without telling the host.
void trellis_collection_widget_set_adjustment_value(TrellisCollectionWidget *widget, int orientation, double value);

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

/// Where a pointer event happened in the widget's coordinates (events carry their
/// surface's). False when the event has no position or the widget is not in a window.
gboolean trellis_collection_widget_event_position(TrellisCollectionWidget *widget, GdkEvent *event, double *x, double *y);

G_END_DECLS

#endif
