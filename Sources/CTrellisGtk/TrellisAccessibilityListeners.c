// Whether any assistive technology listens for AT-SPI events, from the AT-SPI registry, as
// ATK's bridge (at-spi2-atk) asks it before emitting events: the registry keeps every
// client's event subscriptions (GetRegisteredEvents) and announces each change
// (EventListenerRegistered / EventListenerDeregistered). Screen readers such as Orca and
// pyatspi's listeners subscribe; a desktop without one has the accessibility bus and no
// subscriptions. GTK 4.8 does not ask (it emits every event regardless), so the collection
// widget asks here to choose how it keeps its accessible children.
//
// Everything runs on the thread of the default main context (GTK's), from the first call
// on; until the registry has answered (or when it cannot be reached), a listener is assumed:
// a screen reader is usually running before the programs it reads.
#include "TrellisCollectionWidget.h"

// Whether the registry has told its subscriptions.
static gboolean answered;
// "bus name\nevent" for every subscription the registry reported (NULL: not following yet).
static GHashTable *subscriptions;
// The collection widgets to lay out again when listeners come or go.
static GPtrArray *watchers;

static gboolean listening_now(void) {
    return !answered || g_hash_table_size(subscriptions) > 0;
}

static void notify_watchers(gboolean was_listening) {
    gboolean listening = listening_now();
    if (listening == was_listening || watchers == NULL) return;
    for (guint i = 0; i < watchers->len; i++) gtk_widget_queue_resize(g_ptr_array_index(watchers, i));
}

static char *subscription_key(GVariant *parameters) {
    if (g_variant_n_children(parameters) < 2) return NULL;
    GVariant *name = g_variant_get_child_value(parameters, 0);
    GVariant *event = g_variant_get_child_value(parameters, 1);
    char *key = NULL;
    if (g_variant_is_of_type(name, G_VARIANT_TYPE_STRING) && g_variant_is_of_type(event, G_VARIANT_TYPE_STRING))
        key = g_strconcat(g_variant_get_string(name, NULL), "\n", g_variant_get_string(event, NULL), NULL);
    g_variant_unref(name);
    g_variant_unref(event);
    return key;
}

// EventListenerRegistered carries (ss) in older registries and (ssas) in newer ones: the
// bus name and the event come first in both.
static void on_registry_signal(GDBusConnection *connection, const char *sender, const char *path, const char *interface,
                               const char *signal, GVariant *parameters, gpointer data) {
    (void)connection; (void)sender; (void)path; (void)interface; (void)data;
    gboolean was_listening = listening_now();
    char *key = subscription_key(parameters);
    if (key == NULL) return;
    if (g_strcmp0(signal, "EventListenerRegistered") == 0) {
        g_hash_table_add(subscriptions, key);
    } else if (g_strcmp0(signal, "EventListenerDeregistered") == 0) {
        g_hash_table_remove(subscriptions, key);
        g_free(key);
    } else {
        g_free(key);
    }
    notify_watchers(was_listening);
}

static void on_registered_events(GObject *source, GAsyncResult *result, gpointer data) {
    (void)data;
    GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, NULL);
    if (reply == NULL) return;
    gboolean was_listening = listening_now();
    answered = TRUE;
    GVariant *events = g_variant_get_child_value(reply, 0);
    GVariantIter iter;
    g_variant_iter_init(&iter, events);
    GVariant *entry;
    while ((entry = g_variant_iter_next_value(&iter)) != NULL) {
        char *key = subscription_key(entry);
        if (key != NULL) g_hash_table_add(subscriptions, key);
        g_variant_unref(entry);
    }
    g_variant_unref(events);
    g_variant_unref(reply);
    notify_watchers(was_listening);
}

static void on_accessibility_bus(GObject *source, GAsyncResult *result, gpointer data) {
    (void)source; (void)data;
    GDBusConnection *bus = g_dbus_connection_new_for_address_finish(result, NULL);
    if (bus == NULL) return;
    // Kept for the process's life: the subscriptions are followed as long as it runs.
    g_dbus_connection_signal_subscribe(bus, "org.a11y.atspi.Registry", "org.a11y.atspi.Registry", NULL,
                                       "/org/a11y/atspi/registry", NULL, G_DBUS_SIGNAL_FLAGS_NONE, on_registry_signal,
                                       NULL, NULL);
    g_dbus_connection_call(bus, "org.a11y.atspi.Registry", "/org/a11y/atspi/registry", "org.a11y.atspi.Registry",
                           "GetRegisteredEvents", NULL, G_VARIANT_TYPE("(a(ss))"), G_DBUS_CALL_FLAGS_NONE, -1, NULL,
                           on_registered_events, NULL);
}

static void connect_to(const char *address) {
    g_dbus_connection_new_for_address(address,
                                      G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                      NULL, NULL, on_accessibility_bus, NULL);
}

static void on_bus_address(GObject *source, GAsyncResult *result, gpointer data) {
    (void)data;
    GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, NULL);
    if (reply == NULL) return;
    const char *address = NULL;
    g_variant_get(reply, "(&s)", &address);
    if (address != NULL && *address != '\0') connect_to(address);
    g_variant_unref(reply);
}

static void on_session_bus(GObject *source, GAsyncResult *result, gpointer data) {
    (void)source; (void)data;
    GDBusConnection *session = g_bus_get_finish(result, NULL);
    if (session == NULL) return;
    g_dbus_connection_call(session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", NULL,
                           G_VARIANT_TYPE("(s)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, on_bus_address, NULL);
    g_object_unref(session);
}

static void forget_watcher(gpointer data, GObject *gone) {
    (void)data;
    if (watchers != NULL) g_ptr_array_remove(watchers, gone);
}

gboolean trellis_accessibility_has_listeners(void) {
    if (subscriptions == NULL) {
        subscriptions = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
        // The accessibility bus GTK exports to: AT_SPI_BUS_ADDRESS when set, else the
        // address the bus launcher (org.a11y.Bus) gives on the session bus, so that the
        // registry asked is the one GTK's events reach.
        const char *address = g_getenv("AT_SPI_BUS_ADDRESS");
        if (address != NULL && *address != '\0')
            connect_to(address);
        else
            g_bus_get(G_BUS_TYPE_SESSION, NULL, on_session_bus, NULL);
    }
    return listening_now();
}

void trellis_accessibility_listeners_watch(GtkWidget *widget) {
    if (watchers == NULL) watchers = g_ptr_array_new();
    g_ptr_array_add(watchers, widget);
    g_object_weak_ref(G_OBJECT(widget), forget_watcher, NULL);
}
