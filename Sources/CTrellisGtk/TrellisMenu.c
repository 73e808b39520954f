// A cell's pop-up menu as GTK's own menu: a GMenuModel shown by a GtkPopoverMenu, whose
// items' actions live in a GSimpleActionGroup of the popover's. The host (Swift) walks its
// menu and appends items and sections here: GObject casts and g_signal_connect_data are
// macros and variadic calls Swift cannot make.
#include "TrellisCollectionWidget.h"

typedef struct {
    void (*activated)(void *context, int index);
    void *context;
    int index;
} TrellisMenuItemClosure;

static void trellis_menu_item_activated(GSimpleAction *action, GVariant *parameter, gpointer data) {
    (void)action;
    (void)parameter;
    TrellisMenuItemClosure *closure = data;
    closure->activated(closure->context, closure->index);
}

void trellis_menu_append_item(GMenu *menu, GSimpleActionGroup *actions, const char *label, int index, TrellisMenuItemKind kind,
                              gboolean on, gboolean enabled, void (*activated)(void *context, int index), void *context) {
    char name[32];
    g_snprintf(name, sizeof name, "item-%d", index);
    GSimpleAction *action;
    GVariant *target = NULL;
    switch (kind) {
    case TRELLIS_MENU_ITEM_CHECK:
        action = g_simple_action_new_stateful(name, NULL, g_variant_new_boolean(on));
        break;
    case TRELLIS_MENU_ITEM_RADIO:
        // A radio item: the action's state is the target of the item that is on.
        action = g_simple_action_new_stateful(name, G_VARIANT_TYPE_STRING, g_variant_new_string(on ? "on" : "off"));
        target = g_variant_new_string("on");
        break;
    default:
        action = g_simple_action_new(name, NULL);
        break;
    }
    g_simple_action_set_enabled(action, enabled);
    TrellisMenuItemClosure *closure = g_new(TrellisMenuItemClosure, 1);
    *closure = (TrellisMenuItemClosure){activated, context, index};
    g_signal_connect_data(action, "activate", G_CALLBACK(trellis_menu_item_activated), closure, (GClosureNotify)(void (*)(void))g_free, 0);
    g_action_map_add_action(G_ACTION_MAP(actions), G_ACTION(action));
    g_object_unref(action);

    char detailed[64];
    g_snprintf(detailed, sizeof detailed, "trellismenu.%s", name);
    GMenuItem *item = g_menu_item_new(label, NULL);
    g_menu_item_set_action_and_target_value(item, detailed, target);
    g_menu_append_item(menu, item);
    g_object_unref(item);
}

void trellis_menu_append_menu(GMenu *menu, const char *label, GMenu *submenu, gboolean inline_section) {
    if (inline_section)
        g_menu_append_section(menu, label != NULL && label[0] != '\0' ? label : NULL, G_MENU_MODEL(submenu));
    else
        g_menu_append_submenu(menu, label, G_MENU_MODEL(submenu));
}

GtkWidget *trellis_menu_popover_new(GtkWidget *parent, GMenu *menu, GSimpleActionGroup *actions, int x, int y, int width, int height) {
    GtkWidget *popover = gtk_popover_menu_new_from_model(G_MENU_MODEL(menu));
    gtk_widget_insert_action_group(popover, "trellismenu", G_ACTION_GROUP(actions));
    gtk_widget_set_parent(popover, parent);
    gtk_popover_set_pointing_to(GTK_POPOVER(popover), &(GdkRectangle){x, y, width, height});
    gtk_popover_set_position(GTK_POPOVER(popover), GTK_POS_BOTTOM);
    return popover;
}
