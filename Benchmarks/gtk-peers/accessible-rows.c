// The least GTK 4.8 itself must do to keep a caching screen reader's tree of a scrolled
// tag cloud true with child widgets, and what that costs a frame: the floor under
// `trellis gallery --page million`'s accessible work while an AT-SPI client listens.
//
// A window whose content is a grid (ARIA grid → row → grid cell, the shape Trellis gives a
// flow's lines while a screen reader listens) of lines of six tags, 28 px tall every 38 px
// (the million tags' lines at 800 × 600: 16 in view, 5.9 tags a line). Every 30 ms the
// content scrolls by GTK's wheel step (page^(2/3), 71 px: 1.8 lines in and out a step, as
// the window's wheel on the million tags). Each frame's size_allocate keeps the rows in view:
// - a line that came in is a new row widget, built with its cells outside the window
//   (each cell named by its word and allocated in the row), inserted hidden, given its
//   AT-SPI object (a focusable toggle: GTK 4.8 drops a children-changed event for a child
//   without one), shown and allocated — one children-changed event and one bounds change;
// - a line that left is unparented, which destroys it with its cells (its removal, and
//   GTK's notice that its objects are gone).
// Nothing else: no states, no positions, no drawing, no layout, no reordering. The grid is
// moved by its transform, as Trellis's collection accessible is.
//
// Prints {"peer":"accessible rows","frames":N,"cpuP0Ms":…,"cpuP50Ms":…,"cpuP99Ms":…,
// "linesIn":…} — the main thread's CPU time of that work a frame — after N frames (default
// 300), and closes its window HOLD_SECONDS later (default 0):
//   accessible-rows [--pool] [N [HOLD_SECONDS]]
// (--pool: rows that leave are kept out of the window and given to lines that come in).
// Run it under the window tests' AT-SPI probe to have a listener:
//   dbus-run-session -- /usr/bin/python3 Tests/TrellisCLITests/Fixtures/atspi-probe.py REQ Benchmarks/gtk-peers/accessible-rows 300
// (docs/perf/gtk-accessibility.md, "GTK's floor").
#include <gtk/gtk.h>
#include "peer.h"

enum { TAGS_PER_LINE = 6, LINE_HEIGHT = 28, LINE_PITCH = 38, TAG_WIDTH = 110, TAG_PITCH = 125 };

static int frames_wanted = 300, frames, hold_seconds;
static double *frame_cpu;
static long lines_in;
static double offset;
static GtkWidget *window, *host, *grid;

// The rows in view, first line first: rows[i] shows line first_line + i.
static GtkWidget *rows[64];
static long first_line = 0, row_count = 0;

// With --pool: rows that left, out of the window with their cells (a reference each),
// given to lines that come in instead of new widgets. Out of the window GTK drops a
// widget's AT-SPI object, so a pooled row is a new object to a client when it returns.
static gboolean pooling;
static GtkWidget *pool[64];
static int pool_count;

static double thread_cpu_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// A widget that draws nothing and places nothing itself (its children are allocated by the
// host): the grid, a row, a cell.
typedef struct { GtkWidget parent_instance; } PeerAccessible;
typedef struct { GtkWidgetClass parent_class; } PeerAccessibleClass;
G_DEFINE_TYPE(PeerAccessible, peer_accessible, GTK_TYPE_WIDGET)

static void peer_accessible_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) { (void)widget; (void)snapshot; }
static void peer_accessible_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)widget; (void)width; (void)height; (void)baseline;
}
static void peer_accessible_dispose(GObject *object) {
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL) gtk_widget_unparent(child);
    G_OBJECT_CLASS(peer_accessible_parent_class)->dispose(object);
}
static void peer_accessible_class_init(PeerAccessibleClass *klass) {
    G_OBJECT_CLASS(klass)->dispose = peer_accessible_dispose;
    GTK_WIDGET_CLASS(klass)->snapshot = peer_accessible_snapshot;
    GTK_WIDGET_CLASS(klass)->size_allocate = peer_accessible_allocate;
}
static void peer_accessible_init(PeerAccessible *self) { gtk_widget_set_can_target(GTK_WIDGET(self), FALSE); }

static GtkWidget *accessible_new(GtkAccessibleRole role) {
    GtkWidget *widget = g_object_new(peer_accessible_get_type(), "accessible-role", role, NULL);
    // A cell takes the keyboard focus (Orca announces the focused cell); rows and the grid do not.
    gtk_widget_set_focusable(widget, role == GTK_ACCESSIBLE_ROLE_GRID_CELL);
    return widget;
}

static void allocate(GtkWidget *widget, int x, int y, int width, int height) {
    GtkAllocation allocation = {x, y, width, height};
    gtk_widget_size_allocate(widget, &allocation, -1);
}

// Line `line`'s row, built outside the window, inserted after `previous`, presented.
static GtkWidget *make_row(long line, GtkWidget *previous) {
    GtkWidget *row = pool_count > 0 ? pool[--pool_count] : NULL;
    gboolean pooled = row != NULL;
    if (!pooled) {
        row = accessible_new(GTK_ACCESSIBLE_ROLE_ROW);
        gtk_widget_set_visible(row, FALSE);
    }
    char text[64];
    GtkWidget *cell = pooled ? gtk_widget_get_first_child(row) : NULL;
    for (int tag = 0; tag < TAGS_PER_LINE; tag++, cell = pooled ? gtk_widget_get_next_sibling(cell) : NULL) {
        if (!pooled) {
            cell = accessible_new(GTK_ACCESSIBLE_ROLE_GRID_CELL);
            gtk_widget_set_parent(cell, row);
        }
        allocate(cell, tag * TAG_PITCH, 0, TAG_WIDTH, LINE_HEIGHT);
        word(line * TAGS_PER_LINE + tag, 1000000, text);
        gtk_accessible_update_property(GTK_ACCESSIBLE(cell), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
    }
    gtk_widget_insert_after(row, grid, previous);
    gboolean focusable = gtk_widget_get_focusable(row);
    gtk_widget_set_focusable(row, !focusable);
    gtk_widget_set_focusable(row, focusable);
    gtk_widget_set_visible(row, TRUE);
    allocate(row, 10, (int)(line * LINE_PITCH), TAGS_PER_LINE * TAG_PITCH, LINE_HEIGHT);
    if (pooled) g_object_unref(row);  // the window's reference holds it now
    return row;
}

// A row that left: destroyed, or with --pool kept out of the window (hidden, so that it is
// presented again when it returns).
static void remove_row(GtkWidget *row) {
    if (pooling && pool_count < 64) {
        g_object_ref(row);
        gtk_widget_unparent(row);
        gtk_widget_set_visible(row, FALSE);
        pool[pool_count++] = row;
    } else {
        gtk_widget_unparent(row);
    }
}

// The lines in view at the scroll offset, as rows: those that left are unparented
// (destroyed), those that came in made.
static void update_rows(int height) {
    long first = (long)floor(offset / LINE_PITCH), last = (long)floor((offset + height - 1) / LINE_PITCH);
    if (first > last) first = last;
    while (row_count > 0 && first_line < first) {
        remove_row(rows[0]);
        memmove(rows, rows + 1, --row_count * sizeof rows[0]);
        first_line++;
    }
    if (row_count == 0) first_line = first;
    while (row_count > 0 && first_line + row_count - 1 > last) remove_row(rows[--row_count]);
    while (first_line > first) {
        memmove(rows + 1, rows, row_count++ * sizeof rows[0]);
        rows[0] = make_row(--first_line, NULL);
        lines_in++;
    }
    while (first_line + row_count - 1 < last && row_count < 64) {
        rows[row_count] = make_row(first_line + row_count, row_count > 0 ? rows[row_count - 1] : NULL);
        row_count++;
        lines_in++;
    }
}

// The host: allocates the grid over itself, moved by the scroll, and keeps its rows.
typedef struct { GtkWidget parent_instance; } PeerHost;
typedef struct { GtkWidgetClass parent_class; } PeerHostClass;
G_DEFINE_TYPE(PeerHost, peer_host, GTK_TYPE_WIDGET)

static void peer_host_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)widget; (void)baseline;
    double start = thread_cpu_ms();
    GskTransform *transform = gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT(0, (float)-offset));
    gtk_widget_allocate(grid, width, height, -1, transform);
    update_rows(height);
    if (frames > 0 && frames <= frames_wanted) frame_cpu[frames - 1] = thread_cpu_ms() - start;
}
static void peer_host_dispose(GObject *object) {
    g_clear_pointer(&grid, gtk_widget_unparent);
    G_OBJECT_CLASS(peer_host_parent_class)->dispose(object);
}
static void peer_host_class_init(PeerHostClass *klass) {
    G_OBJECT_CLASS(klass)->dispose = peer_host_dispose;
    GTK_WIDGET_CLASS(klass)->size_allocate = peer_host_allocate;
    GTK_WIDGET_CLASS(klass)->snapshot = peer_accessible_snapshot;
}
static void peer_host_init(PeerHost *self) { (void)self; }

static gboolean close_window(gpointer data) {
    (void)data;
    gtk_window_destroy(GTK_WINDOW(window));
    return G_SOURCE_REMOVE;
}

// One wheel step every 30 ms (the window benchmark's xdotool pace); after the last, the
// figures, and the window closes HOLD_SECONDS later (time for the probe to read the tree).
static gboolean step(gpointer data) {
    (void)data;
    if (frames >= frames_wanted) {
        double p0 = percentile(frame_cpu, frames, 0), p50 = percentile(frame_cpu, frames, 0.5);
        double p99 = percentile(frame_cpu, frames, 0.99);
        printf("{\"peer\":\"accessible rows%s\",\"frames\":%d,\"cpuP0Ms\":%.3f,\"cpuP50Ms\":%.3f,\"cpuP99Ms\":%.3f,\"linesIn\":%ld}\n",
               pooling ? ", pooled" : "", frames, p0, p50, p99, lines_in);
        fflush(stdout);
        g_timeout_add_seconds(hold_seconds, close_window, NULL);
        return G_SOURCE_REMOVE;
    }
    offset += pow(gtk_widget_get_height(host), 2.0 / 3.0);
    frames++;
    gtk_widget_queue_allocate(host);
    return G_SOURCE_CONTINUE;
}

// The probe reads the tree once the window has appeared; the scroll starts 3 s later.
static gboolean start(gpointer data) {
    (void)data;
    lines_in = 0;
    g_timeout_add(30, step, NULL);
    return G_SOURCE_REMOVE;
}

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "accessible rows peer");
    gtk_window_set_default_size(GTK_WINDOW(window), 800, 600);
    host = g_object_new(peer_host_get_type(), "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP, NULL);
    gtk_widget_set_focusable(host, TRUE);
    grid = accessible_new(GTK_ACCESSIBLE_ROLE_GRID);
    gtk_widget_set_parent(grid, host);
    gtk_window_set_child(GTK_WINDOW(window), host);
    gtk_window_present(GTK_WINDOW(window));
    g_timeout_add(3000, start, NULL);
}

int main(int argc, char **argv) {
    int first = 1;
    if (argc > 1 && strcmp(argv[1], "--pool") == 0) pooling = TRUE, first = 2;
    if (argc > first) frames_wanted = atoi(argv[first]);
    if (argc > first + 1) hold_seconds = atoi(argv[first + 1]);
    make_syllables();
    frame_cpu = calloc(frames_wanted + 1, sizeof(double));
    return peer_run("org.trellis.peer.accessiblerows", G_CALLBACK(activate), argv[0]);
}
