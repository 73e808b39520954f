// A GtkWidget subclass implementing GtkScrollable whose work is done by its host (Swift)
// through TrellisWidgetCallbacks. GObject subclassing (class_init, vfuncs, interface
// init, overridden properties) needs C; nothing here decides layout or drawing.
#include "TrellisGtkWidget.h"
#include <gdk/x11/gdkx.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

struct _TrellisWidget {
    GtkWidget parent_instance;
    TrellisWidgetCallbacks callbacks;
    GtkAdjustment *adjustments[2];   // horizontal, vertical
    gulong handlers[2];
    GtkScrollablePolicy policies[2];
    gboolean suppress;               // set while the host changes an adjustment itself
};

enum {
    PROP_0,
    PROP_HADJUSTMENT,
    PROP_VADJUSTMENT,
    PROP_HSCROLL_POLICY,
    PROP_VSCROLL_POLICY,
};

static void trellis_widget_scrollable_init(GtkScrollableInterface *iface) { (void)iface; }

G_DEFINE_TYPE_WITH_CODE(TrellisWidget, trellis_widget, GTK_TYPE_WIDGET,
                        G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, trellis_widget_scrollable_init))

static void value_changed(GtkAdjustment *adjustment, TrellisWidget *self) {
    if (self->suppress || self->callbacks.scrolled == NULL) return;
    int orientation = adjustment == self->adjustments[1] ? 1 : 0;
    self->callbacks.scrolled(self->callbacks.context, orientation, gtk_adjustment_get_value(adjustment));
}

static void set_adjustment(TrellisWidget *self, int orientation, GtkAdjustment *adjustment) {
    if (adjustment != NULL && adjustment == self->adjustments[orientation]) return;
    if (self->adjustments[orientation] != NULL) {
        g_signal_handler_disconnect(self->adjustments[orientation], self->handlers[orientation]);
        g_object_unref(self->adjustments[orientation]);
    }
    if (adjustment == NULL) adjustment = gtk_adjustment_new(0, 0, 0, 0, 0, 0);
    self->adjustments[orientation] = g_object_ref_sink(adjustment);
    self->handlers[orientation] = g_signal_connect(adjustment, "value-changed", G_CALLBACK(value_changed), self);
    if (self->callbacks.adjustments_changed != NULL) self->callbacks.adjustments_changed(self->callbacks.context);
}

static void trellis_widget_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    TrellisWidget *self = TRELLIS_WIDGET(object);
    switch (id) {
    case PROP_HADJUSTMENT: set_adjustment(self, 0, g_value_get_object(value)); break;
    case PROP_VADJUSTMENT: set_adjustment(self, 1, g_value_get_object(value)); break;
    case PROP_HSCROLL_POLICY:
    case PROP_VSCROLL_POLICY: {
        int orientation = id == PROP_VSCROLL_POLICY;
        GtkScrollablePolicy policy = g_value_get_enum(value);
        if (self->policies[orientation] != policy) {
            self->policies[orientation] = policy;
            gtk_widget_queue_resize(GTK_WIDGET(self));
            g_object_notify_by_pspec(object, pspec);
        }
        break;
    }
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void trellis_widget_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    TrellisWidget *self = TRELLIS_WIDGET(object);
    switch (id) {
    case PROP_HADJUSTMENT: g_value_set_object(value, self->adjustments[0]); break;
    case PROP_VADJUSTMENT: g_value_set_object(value, self->adjustments[1]); break;
    case PROP_HSCROLL_POLICY: g_value_set_enum(value, self->policies[0]); break;
    case PROP_VSCROLL_POLICY: g_value_set_enum(value, self->policies[1]); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void trellis_widget_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                   int *natural, int *minimum_baseline, int *natural_baseline) {
    TrellisWidget *self = TRELLIS_WIDGET(widget);
    *minimum = 0;
    *natural = 0;
    *minimum_baseline = -1;
    *natural_baseline = -1;
    if (self->callbacks.measure != NULL)
        self->callbacks.measure(self->callbacks.context, orientation == GTK_ORIENTATION_VERTICAL, for_size, minimum, natural);
}

static void trellis_widget_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    TrellisWidget *self = TRELLIS_WIDGET(widget);
    if (self->callbacks.size_allocate != NULL) self->callbacks.size_allocate(self->callbacks.context, width, height);
}

static void trellis_widget_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    TrellisWidget *self = TRELLIS_WIDGET(widget);
    int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    if (width <= 0 || height <= 0 || self->callbacks.draw == NULL) return;
    // A Cairo node: GSK replays it at the surface's scale, so what the host draws in points
    // comes out sharp on a HiDPI surface.
    cairo_t *cairo = gtk_snapshot_append_cairo(snapshot, &GRAPHENE_RECT_INIT(0, 0, width, height));
    cairo_rectangle(cairo, 0, 0, width, height);
    cairo_clip(cairo);
    self->callbacks.draw(self->callbacks.context, cairo, width, height, gtk_widget_get_scale_factor(widget));
    cairo_destroy(cairo);
}

static void trellis_widget_dispose(GObject *object) {
    TrellisWidget *self = TRELLIS_WIDGET(object);
    for (int i = 0; i < 2; i++) {
        if (self->adjustments[i] != NULL) {
            g_signal_handler_disconnect(self->adjustments[i], self->handlers[i]);
            g_clear_object(&self->adjustments[i]);
        }
    }
    G_OBJECT_CLASS(trellis_widget_parent_class)->dispose(object);
}

static void trellis_widget_finalize(GObject *object) {
    TrellisWidget *self = TRELLIS_WIDGET(object);
    if (self->callbacks.destroy != NULL) self->callbacks.destroy(self->callbacks.context);
    G_OBJECT_CLASS(trellis_widget_parent_class)->finalize(object);
}

static void trellis_widget_class_init(TrellisWidgetClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->set_property = trellis_widget_set_property;
    object_class->get_property = trellis_widget_get_property;
    object_class->dispose = trellis_widget_dispose;
    object_class->finalize = trellis_widget_finalize;
    widget_class->measure = trellis_widget_measure;
    widget_class->size_allocate = trellis_widget_size_allocate;
    widget_class->snapshot = trellis_widget_snapshot;
    g_object_class_override_property(object_class, PROP_HADJUSTMENT, "hadjustment");
    g_object_class_override_property(object_class, PROP_VADJUSTMENT, "vadjustment");
    g_object_class_override_property(object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
    g_object_class_override_property(object_class, PROP_VSCROLL_POLICY, "vscroll-policy");
    gtk_widget_class_set_css_name(widget_class, "trelliscollection");
}

static void trellis_widget_init(TrellisWidget *self) {
    self->policies[0] = GTK_SCROLL_MINIMUM;
    self->policies[1] = GTK_SCROLL_MINIMUM;
    gtk_widget_set_focusable(GTK_WIDGET(self), TRUE);
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
}

GtkWidget *trellis_widget_new(const TrellisWidgetCallbacks *callbacks) {
    TrellisWidget *self = g_object_new(TRELLIS_TYPE_WIDGET, NULL);
    self->callbacks = *callbacks;
    set_adjustment(self, 0, NULL);
    set_adjustment(self, 1, NULL);
    return GTK_WIDGET(self);
}

GtkAdjustment *trellis_widget_get_hadjustment(TrellisWidget *widget) { return widget->adjustments[0]; }
GtkAdjustment *trellis_widget_get_vadjustment(TrellisWidget *widget) { return widget->adjustments[1]; }

void trellis_widget_configure_adjustment(TrellisWidget *widget, int orientation, double value, double lower, double upper,
                                         double page_size, double step_increment, double page_increment) {
    GtkAdjustment *adjustment = widget->adjustments[orientation != 0];
    widget->suppress = TRUE;
    // One "changed" and at most one "value-changed" emission; the scrolled window's own
    // handler still sees the value (its wheel steps start from it).
    gtk_adjustment_configure(adjustment, value, lower, upper, step_increment, page_increment, page_size);
    widget->suppress = FALSE;
}

gboolean trellis_widget_animations_enabled(TrellisWidget *widget) {
    gboolean enabled = TRUE;
    g_object_get(gtk_widget_get_settings(GTK_WIDGET(widget)), "gtk-enable-animations", &enabled, NULL);
    return enabled;
}

gulong trellis_signal_connect(gpointer instance, const char *signal, GCallback handler, gpointer data) {
    return g_signal_connect(instance, signal, handler, data);
}

gboolean trellis_widget_has_focus(TrellisWidget *widget) { return gtk_widget_has_focus(GTK_WIDGET(widget)); }

unsigned long trellis_widget_x11_window(TrellisWidget *widget) {
#ifdef GDK_WINDOWING_X11
    GtkNative *native = gtk_widget_get_native(GTK_WIDGET(widget));
    if (native == NULL) return 0;
    GdkSurface *surface = gtk_native_get_surface(native);
    if (surface != NULL && GDK_IS_X11_SURFACE(surface)) return gdk_x11_surface_get_xid(surface);
#endif
    return 0;
}

void trellis_widget_origin_in_window(TrellisWidget *widget, double *x, double *y) {
    *x = 0;
    *y = 0;
    GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(widget));
    if (root != NULL) gtk_widget_translate_coordinates(GTK_WIDGET(widget), GTK_WIDGET(root), 0, 0, x, y);
}

gboolean trellis_widget_event_position(TrellisWidget *widget, GdkEvent *event, double *x, double *y) {
    double surface_x, surface_y, native_x, native_y;
    GtkNative *native = gtk_widget_get_native(GTK_WIDGET(widget));
    if (native == NULL || !gdk_event_get_position(event, &surface_x, &surface_y)) return FALSE;
    gtk_native_get_surface_transform(native, &native_x, &native_y);
    return gtk_widget_translate_coordinates(GTK_WIDGET(native), GTK_WIDGET(widget), surface_x - native_x, surface_y - native_y, x, y);
}

size_t trellis_heap_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    return mallinfo2().uordblks;
#else
    return 0;
#endif
}
