// The child widgets standing for the displayed cells to assistive technologies and for the
// collection holding them (see trellis_accessible_cell_new and
// trellis_accessible_collection_new), and fixed-argument forms of GTK's variadic accessible
// updates for Swift, which cannot call C variadic functions.
#include "TrellisCollectionWidget.h"

struct _TrellisAccessibleCell {
    GtkWidget parent_instance;
};

G_DEFINE_TYPE(TrellisAccessibleCell, trellis_accessible_cell, GTK_TYPE_WIDGET)

// Nothing to draw: the collection widget's snapshot draws the cell, and does not snapshot
// its children.
static void trellis_accessible_cell_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    (void)widget;
    (void)snapshot;
}

static void trellis_accessible_cell_class_init(TrellisAccessibleCellClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->snapshot = trellis_accessible_cell_snapshot;
    gtk_widget_class_set_css_name(widget_class, "trellisaccessiblecell");
}

static void trellis_accessible_cell_init(TrellisAccessibleCell *self) {
    GtkWidget *widget = GTK_WIDGET(self);
    gtk_widget_set_focusable(widget, TRUE);
    gtk_widget_set_focus_on_click(widget, FALSE);
    gtk_widget_set_can_target(widget, FALSE);
}

GtkWidget *trellis_accessible_cell_new(GtkAccessibleRole role) {
    return g_object_new(TRELLIS_TYPE_ACCESSIBLE_CELL, "accessible-role", role, NULL);
}

struct _TrellisAccessibleCollection {
    GtkWidget parent_instance;
};

G_DEFINE_TYPE(TrellisAccessibleCollection, trellis_accessible_collection, GTK_TYPE_WIDGET)

// Nothing to draw (the collection widget's snapshot draws every cell) and nothing to place:
// the host allocates each cell's child once, in the content's coordinates, and moves them
// all with this widget's transform.
static void trellis_accessible_collection_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    (void)widget;
    (void)snapshot;
}

static void trellis_accessible_collection_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)widget;
    (void)width;
    (void)height;
    (void)baseline;
}

static void trellis_accessible_collection_dispose(GObject *object) {
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL) gtk_widget_unparent(child);
    G_OBJECT_CLASS(trellis_accessible_collection_parent_class)->dispose(object);
}

static void trellis_accessible_collection_class_init(TrellisAccessibleCollectionClass *klass) {
    G_OBJECT_CLASS(klass)->dispose = trellis_accessible_collection_dispose;
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->snapshot = trellis_accessible_collection_snapshot;
    widget_class->size_allocate = trellis_accessible_collection_size_allocate;
    gtk_widget_class_set_css_name(widget_class, "trellisaccessiblecollection");
}

static void trellis_accessible_collection_init(TrellisAccessibleCollection *self) {
    GtkWidget *widget = GTK_WIDGET(self);
    gtk_widget_set_focusable(widget, FALSE);
    gtk_widget_set_can_target(widget, FALSE);
}

GtkWidget *trellis_accessible_collection_new(GtkAccessibleRole role) {
    return g_object_new(TRELLIS_TYPE_ACCESSIBLE_COLLECTION, "accessible-role", role, NULL);
}

void trellis_widget_allocate_translated(GtkWidget *widget, int width, int height, double x, double y) {
    GskTransform *transform = gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT((float)x, (float)y));
    gtk_widget_allocate(widget, width, height, -1, transform);
}

// GTK 4.8 has no public way to ask for an accessible's context (gtk_accessible_get_at_context
// is public from 4.10). Its GtkAccessible interface starts, in every GTK 4 release, with the
// method that returns the context, created on first use and owned by the widget.
typedef struct {
    GTypeInterface g_iface;
    GtkATContext *(*get_at_context)(GtkAccessible *self);
} TrellisAccessibleInterfaceStart;

gboolean trellis_accessible_is_exported(GtkWidget *widget) {
#if GTK_CHECK_VERSION(4, 10, 0)
    GtkATContext *context = gtk_accessible_get_at_context(GTK_ACCESSIBLE(widget));
    gboolean exported = context != NULL && g_strcmp0(G_OBJECT_TYPE_NAME(context), "GtkTestATContext") != 0;
    g_clear_object(&context);
    return exported;
#else
    TrellisAccessibleInterfaceStart *iface = G_TYPE_INSTANCE_GET_INTERFACE(widget, GTK_TYPE_ACCESSIBLE, TrellisAccessibleInterfaceStart);
    GtkATContext *context = iface->get_at_context != NULL ? iface->get_at_context(GTK_ACCESSIBLE(widget)) : NULL;
    return context != NULL && g_strcmp0(G_OBJECT_TYPE_NAME(context), "GtkTestATContext") != 0;
#endif
}

// GTK 4.8 realizes a widget's AT-SPI context (gives it its D-Bus object) only when a client
// asks for it or a platform state of the widget changes; a widget's children-changed event
// names the child by its object, and is dropped while the child has none. A change of the
// focusable platform state realizes the context (and tells AT-SPI nothing while the widget
// itself is unrealized); the state is set back at once.
void trellis_accessible_realize_context(GtkWidget *widget) {
    gboolean focusable = gtk_widget_get_focusable(widget);
    gtk_widget_set_focusable(widget, !focusable);
    gtk_widget_set_focusable(widget, focusable);
}

void trellis_accessible_set_label(GtkWidget *widget, const char *label, const char *description) {
    GtkAccessible *accessible = GTK_ACCESSIBLE(widget);
    if (label != NULL)
        gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    else
        gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL);
    if (description != NULL)
        gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
    else
        gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

void trellis_accessible_set_string_property(GtkWidget *widget, GtkAccessibleProperty property, const char *value) {
    GtkAccessible *accessible = GTK_ACCESSIBLE(widget);
    if (value != NULL)
        gtk_accessible_update_property(accessible, property, value, -1);
    else
        gtk_accessible_reset_property(accessible, property);
}

void trellis_accessible_set_role(GtkWidget *widget, GtkAccessibleRole role) {
    g_object_set(widget, "accessible-role", role, NULL);
}

void trellis_accessible_set_name(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void trellis_accessible_set_boolean_state(GtkWidget *widget, GtkAccessibleState state, int value) {
    if (value < 0)
        gtk_accessible_reset_state(GTK_ACCESSIBLE(widget), state);
    else
        gtk_accessible_update_state(GTK_ACCESSIBLE(widget), state, (gboolean)(value != 0), -1);
}

void trellis_accessible_set_integer_relation(GtkWidget *widget, GtkAccessibleRelation relation, int value) {
    if (value < 0)
        gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), relation);
    else
        gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), relation, value, -1);
}
