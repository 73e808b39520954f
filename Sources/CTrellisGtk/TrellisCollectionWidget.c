// A GtkWidget subclass implementing GtkScrollable whose work is done by its host (Swift)
// through TrellisCollectionWidgetCallbacks. GObject subclassing (class_init, vfuncs, interface
// init, overridden properties) needs C; nothing here decides layout or drawing.
#include "TrellisCollectionWidget.h"
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

struct _TrellisCollectionWidget {
    GtkWidget parent_instance;
    TrellisCollectionWidgetCallbacks callbacks;
    // Indexed by GtkOrientation (GTK_ORIENTATION_HORIZONTAL is 0, _VERTICAL 1).
    GtkAdjustment *adjustments[2];
    gulong handlers[2];
    GtkScrollablePolicy policies[2];
};

enum {
    PROP_0,
    PROP_HADJUSTMENT,
    PROP_VADJUSTMENT,
    PROP_HSCROLL_POLICY,
    PROP_VSCROLL_POLICY,
};

static void trellis_collection_widget_scrollable_init(GtkScrollableInterface *iface) { (void)iface; }

G_DEFINE_TYPE_WITH_CODE(TrellisCollectionWidget, trellis_collection_widget, GTK_TYPE_WIDGET,
                        G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, trellis_collection_widget_scrollable_init))

static void value_changed(GtkAdjustment *adjustment, TrellisCollectionWidget *self) {
    if (self->callbacks.scrolled == NULL) return;
    GtkOrientation orientation =
        adjustment == self->adjustments[GTK_ORIENTATION_VERTICAL] ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;
    self->callbacks.scrolled(self->callbacks.context, orientation, gtk_adjustment_get_value(adjustment));
}

static void set_adjustment(TrellisCollectionWidget *self, GtkOrientation orientation, GtkAdjustment *adjustment) {
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

static void trellis_collection_widget_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    TrellisCollectionWidget *self = TRELLIS_COLLECTION_WIDGET(object);
    switch (id) {
    case PROP_HADJUSTMENT: set_adjustment(self, GTK_ORIENTATION_HORIZONTAL, g_value_get_object(value)); break;
    case PROP_VADJUSTMENT: set_adjustment(self, GTK_ORIENTATION_VERTICAL, g_value_get_object(value)); break;
    case PROP_HSCROLL_POLICY:
    case PROP_VSCROLL_POLICY: {
        GtkOrientation orientation = id == PROP_VSCROLL_POLICY ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;
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

static void trellis_collection_widget_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    TrellisCollectionWidget *self = TRELLIS_COLLECTION_WIDGET(object);
    switch (id) {
    case PROP_HADJUSTMENT: g_value_set_object(value, self->adjustments[0]); break;
    case PROP_VADJUSTMENT: g_value_set_object(value, self->adjustments[1]); break;
    case PROP_HSCROLL_POLICY: g_value_set_enum(value, self->policies[0]); break;
    case PROP_VSCROLL_POLICY: g_value_set_enum(value, self->policies[1]); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void trellis_collection_widget_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                   int *natural, int *minimum_baseline, int *natural_baseline) {
    TrellisCollectionWidget *self = TRELLIS_COLLECTION_WIDGET(widget);
    *minimum = 0;
    *natural = 0;
    *minimum_baseline = -1;
    *natural_baseline = -1;
    if (self->callbacks.measure != NULL)
        self->callbacks.measure(self->callbacks.context, orientation, for_size, minimum, natural);
}

static void trellis_collection_widget_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    TrellisCollectionWidget *self = TRELLIS_COLLECTION_WIDGET(widget);
    if (self->callbacks.size_allocate != NULL) self->callbacks.size_allocate(self->callbacks.context, width, height);
}

static void trellis_collection_widget_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    TrellisCollectionWidget *self = TRELLIS_COLLECTION_WIDGET(widget);
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

// The focus moves by GTK's focus chain (Tab, Shift+Tab, or directions no key handler
// took): the host decides, so the focus enters on the focused item's cell and leaves the
// collection in one step, as GtkListView's, instead of walking every cell.
static gboolean trellis_collection_widget_focus(GtkWidget *widget, GtkDirectionType direction) {
    TrellisCollectionWidget *self = TRELLIS_COLLECTION_WIDGET(widget);
    if (self->callbacks.focus != NULL) return self->callbacks.focus(self->callbacks.context, direction);
    return GTK_WIDGET_CLASS(trellis_collection_widget_parent_class)->focus(widget, direction);
}

static gboolean trellis_collection_widget_grab_focus(GtkWidget *widget) {
    TrellisCollectionWidget *self = TRELLIS_COLLECTION_WIDGET(widget);
    GtkWidget *target = self->callbacks.focus_target != NULL ? self->callbacks.focus_target(self->callbacks.context) : NULL;
    if (target != NULL && target != widget) return gtk_widget_grab_focus(target);
    return GTK_WIDGET_CLASS(trellis_collection_widget_parent_class)->grab_focus(widget);
}

static void trellis_collection_widget_dispose(GObject *object) {
    TrellisCollectionWidget *self = TRELLIS_COLLECTION_WIDGET(object);
    for (int i = 0; i < 2; i++) {
        if (self->adjustments[i] != NULL) {
            g_signal_handler_disconnect(self->adjustments[i], self->handlers[i]);
            g_clear_object(&self->adjustments[i]);
        }
    }
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL) gtk_widget_unparent(child);
    G_OBJECT_CLASS(trellis_collection_widget_parent_class)->dispose(object);
}

static void trellis_collection_widget_finalize(GObject *object) {
    TrellisCollectionWidget *self = TRELLIS_COLLECTION_WIDGET(object);
    if (self->callbacks.destroy != NULL) self->callbacks.destroy(self->callbacks.context);
    G_OBJECT_CLASS(trellis_collection_widget_parent_class)->finalize(object);
}

static void trellis_collection_widget_class_init(TrellisCollectionWidgetClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->set_property = trellis_collection_widget_set_property;
    object_class->get_property = trellis_collection_widget_get_property;
    object_class->dispose = trellis_collection_widget_dispose;
    object_class->finalize = trellis_collection_widget_finalize;
    widget_class->measure = trellis_collection_widget_measure;
    widget_class->size_allocate = trellis_collection_widget_size_allocate;
    widget_class->snapshot = trellis_collection_widget_snapshot;
    widget_class->focus = trellis_collection_widget_focus;
    widget_class->grab_focus = trellis_collection_widget_grab_focus;
    g_object_class_override_property(object_class, PROP_HADJUSTMENT, "hadjustment");
    g_object_class_override_property(object_class, PROP_VADJUSTMENT, "vadjustment");
    g_object_class_override_property(object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
    g_object_class_override_property(object_class, PROP_VSCROLL_POLICY, "vscroll-policy");
    gtk_widget_class_set_css_name(widget_class, "trelliscollectionwidget");
}

static void trellis_collection_widget_init(TrellisCollectionWidget *self) {
    self->policies[0] = GTK_SCROLL_MINIMUM;
    self->policies[1] = GTK_SCROLL_MINIMUM;
    gtk_widget_set_focusable(GTK_WIDGET(self), TRUE);
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
}

GtkWidget *trellis_collection_widget_new(const TrellisCollectionWidgetCallbacks *callbacks) {
    TrellisCollectionWidget *self = g_object_new(TRELLIS_TYPE_COLLECTION_WIDGET, NULL);
    self->callbacks = *callbacks;
    set_adjustment(self, GTK_ORIENTATION_HORIZONTAL, NULL);
    set_adjustment(self, GTK_ORIENTATION_VERTICAL, NULL);
    return GTK_WIDGET(self);
}

GtkAdjustment *trellis_collection_widget_get_hadjustment(TrellisCollectionWidget *widget) {
    return widget->adjustments[GTK_ORIENTATION_HORIZONTAL];
}
GtkAdjustment *trellis_collection_widget_get_vadjustment(TrellisCollectionWidget *widget) {
    return widget->adjustments[GTK_ORIENTATION_VERTICAL];
}

void trellis_collection_widget_configure_adjustment(TrellisCollectionWidget *widget, GtkOrientation orientation, double value,
                                                    double lower, double upper, double page_size, double step_increment,
                                                    double page_increment) {
    GtkAdjustment *adjustment = widget->adjustments[orientation];
    // One "changed" and at most one "value-changed" emission. The widget's own handler is
    // blocked (the host set the value: telling it would be an echo); the scrolled window's
    // handler still sees the value, so its wheel steps start from it.
    g_signal_handlers_block_by_func(adjustment, value_changed, widget);
    gtk_adjustment_configure(adjustment, value, lower, upper, step_increment, page_increment, page_size);
    g_signal_handlers_unblock_by_func(adjustment, value_changed, widget);
}

gboolean trellis_collection_widget_animations_enabled(TrellisCollectionWidget *widget) {
    gboolean enabled = TRUE;
    g_object_get(gtk_widget_get_settings(GTK_WIDGET(widget)), "gtk-enable-animations", &enabled, NULL);
    return enabled;
}

gulong trellis_signal_connect(gpointer instance, const char *signal, GCallback handler, gpointer data) {
    return g_signal_connect(instance, signal, handler, data);
}

gboolean trellis_collection_widget_has_focus(TrellisCollectionWidget *widget) {
    return gtk_widget_has_focus(GTK_WIDGET(widget)) || gtk_widget_get_focus_child(GTK_WIDGET(widget)) != NULL;
}

void trellis_collection_widget_grab_focus_self(TrellisCollectionWidget *widget) {
    GTK_WIDGET_CLASS(trellis_collection_widget_parent_class)->grab_focus(GTK_WIDGET(widget));
}

unsigned long trellis_collection_widget_x11_window(TrellisCollectionWidget *widget) {
#ifdef GDK_WINDOWING_X11
    GtkNative *native = gtk_widget_get_native(GTK_WIDGET(widget));
    if (native == NULL) return 0;
    GdkSurface *surface = gtk_native_get_surface(native);
    if (surface != NULL && GDK_IS_X11_SURFACE(surface)) return gdk_x11_surface_get_xid(surface);
#else
    (void)widget;
#endif
    return 0;
}

gboolean trellis_collection_widget_event_position(TrellisCollectionWidget *widget, GdkEvent *event, double *x, double *y) {
    double surface_x, surface_y, native_x, native_y;
    GtkNative *native = gtk_widget_get_native(GTK_WIDGET(widget));
    if (native == NULL || !gdk_event_get_position(event, &surface_x, &surface_y)) return FALSE;
    gtk_native_get_surface_transform(native, &native_x, &native_y);
    return gtk_widget_translate_coordinates(GTK_WIDGET(native), GTK_WIDGET(widget), surface_x - native_x, surface_y - native_y, x, y);
}
