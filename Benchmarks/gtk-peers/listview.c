// GtkListView with variable-height rows — GtkLabels of wrapped text, 1 to 8 lines, whose
// heights GTK does not know until a row is made — scrolled by GTK's wheel step
// (page^(2/3), through the vertical adjustment, as a wheel does) on every frame-clock tick.
// On each tick it notes the topmost row in view whose top stays in view after the coming
// step, and where it is;
// on the next tick it finds that row again: the scroll moved it up by exactly the step, or
// it drifted. Prints one JSON line: drift per frame (px, max / p99 / total), frames that
// drifted more than half a pixel, rows made, the tick interval.
//
//   listview ROWS FRAMES [wheel|page|up|pageup]  the benchmark (gtk-peers/run: Xvfb);
//                                     wheel: a wheel step down per tick from the top; page:
//                                     a Page Down step; up: End, then wheel steps up through
//                                     rows not yet made; pageup: End, then Page Up steps
//   listview --document ROWS WIDTH    the same rows as a `trellis show` document (a list of
//                                     text items with the same font and padding), so
//                                     Trellis's widget is measured on the same rows
//   listview --uniform-document ROWS WIDTH   one word a row (one height): the memory
//                                     check's control
#include <gtk/gtk.h>
#include "peer.h"

#define FONT_FAMILY "DejaVu Sans"
#define FONT_SIZE 15
#define PADDING 8

// Row i: 3 to 62 of the gallery's words (1 to ~8 lines at 800 px).
static char *row_text(long i) {
    long words = 3 + (i * 20737779) % 60;
    GString *text = g_string_new(NULL);
    char buffer[64];
    for (long j = 0; j < words; j++) {
        word((i * 31 + j * 977) % 100000, 100000, buffer);
        if (j > 0) g_string_append_c(text, ' ');
        g_string_append(text, buffer);
    }
    return g_string_free(text, FALSE);
}

// `uniform`: every row one word (one line, one height) — the memory check's control.
static void print_document(long rows, int width, gboolean uniform) {
    printf("{\"width\":%d,\"visibleRect\":{\"x\":0,\"y\":0,\"width\":%d,\"height\":600},\"layout\":{\"type\":\"list\"},"
           "\"cell\":{\"font\":\"%s\",\"size\":%d,\"padding\":{\"top\":%d,\"leading\":%d,\"bottom\":%d,\"trailing\":%d},"
           "\"maxWidth\":\"container\",\"lines\":0,\"background\":\"#ffffff\"},\"sections\":[{\"items\":[",
           width, width, FONT_FAMILY, FONT_SIZE, PADDING, PADDING, PADDING, PADDING);
    for (long i = 0; i < rows; i++) {
        char *text = row_text(i);
        if (uniform) word(i, rows, text);  // shorter than any row's text: fits its buffer
        printf("%s{\"text\":\"%s\"}", i > 0 ? "," : "", text);
        g_free(text);
    }
    printf("]}]}\n");
}

static long row_count;
static int frames_wanted = 1000, frames, lost, drifting, wraps, rows_made;
// wheel: a wheel step down per tick from the top; page: a Page Down step (the page
// increment); up: End first (the end of the list, its rows not yet made), then wheel steps up;
// pageup: End, then Page Up steps.
static const char *mode = "wheel";
static gboolean jumped;
static double *drifts, *intervals, last_tick_ms;
static double total_drift, max_drift;
static GtkWidget *window, *list;
static GtkAdjustment *vadjustment;
static GPtrArray *labels;                   // every row label made (bound or not)
static long tracked = -1;                   // the row followed across the coming step
static double expected_y;                   // where that row should be after the step

static void setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory; (void)data;
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_wrap(GTK_LABEL(label), TRUE);
    gtk_label_set_wrap_mode(GTK_LABEL(label), PANGO_WRAP_WORD_CHAR);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_widget_add_css_class(label, "row");
    gtk_list_item_set_child(item, label);
    g_ptr_array_add(labels, g_object_ref(label));  // kept alive: the list may drop rows
    rows_made++;
}

static void bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory; (void)data;
    GtkWidget *label = gtk_list_item_get_child(item);
    GtkStringObject *string = gtk_list_item_get_item(item);
    gtk_label_set_text(GTK_LABEL(label), gtk_string_object_get_string(string));
    g_object_set_data(G_OBJECT(label), "row", GSIZE_TO_POINTER(gtk_list_item_get_position(item) + 1));
}

static void unbind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory; (void)data;
    g_object_set_data(G_OBJECT(gtk_list_item_get_child(item)), "row", NULL);
}

// Where row `row` is (its top relative to the list's top edge), from the last layout.
static gboolean row_top(long row, double *y) {
    for (guint i = 0; i < labels->len; i++) {
        GtkWidget *label = labels->pdata[i];
        graphene_rect_t bounds;
        if (GPOINTER_TO_SIZE(g_object_get_data(G_OBJECT(label), "row")) == (gsize)row + 1 && gtk_widget_get_mapped(label)
            && gtk_widget_compute_bounds(label, list, &bounds)) {
            *y = bounds.origin.y;
            return TRUE;
        }
    }
    return FALSE;
}

// The row to follow across a step of `step` px: the topmost row in view now whose top will
// be in view after the step (-1 when there is none).
static long row_to_follow(double step, double page, double *y) {
    long best = -1;
    double best_y = 0;
    for (guint i = 0; i < labels->len; i++) {
        GtkWidget *label = labels->pdata[i];
        long row = (long)GPOINTER_TO_SIZE(g_object_get_data(G_OBJECT(label), "row")) - 1;
        graphene_rect_t b;
        if (row < 0 || !gtk_widget_get_mapped(label) || !gtk_widget_compute_bounds(label, list, &b)) continue;
        gboolean in_view = b.origin.y + b.size.height > 0 && b.origin.y < page;
        gboolean in_view_after = b.origin.y - step >= 0 && b.origin.y - step < page;
        if (in_view && in_view_after && (best < 0 || b.origin.y < best_y)) {
            best = row;
            best_y = b.origin.y;
        }
    }
    *y = best_y;
    return best;
}

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)widget; (void)clock; (void)data;
    double now = boot_ms();
    if (last_tick_ms > 0) intervals[frames] = now - last_tick_ms;
    last_tick_ms = now;
    // The row followed over the last step: where it is now against where the step put it.
    if (tracked >= 0) {
        double y;
        if (row_top(tracked, &y)) {
            double drift = fabs(y - expected_y);
            drifts[frames - lost] = drift;
            total_drift += drift;
            if (drift > max_drift) max_drift = drift;
            if (drift > 0.5) drifting++;
        } else {
            lost++;
        }
        frames++;
        tracked = -1;
    }
    if (frames >= frames_wanted) {
        int measured = frames - lost;
        double intervals_p50 = percentile(intervals, frames, 0.5), intervals_p99 = percentile(intervals, frames, 0.99);
        printf("{\"peer\":\"GtkListView\",\"step\":\"%s\",\"rows\":%ld,\"frames\":%d,\"driftMaxPx\":%.2f,\"driftP99Px\":%.2f,\"driftP50Px\":%.2f,"
               "\"driftTotalPx\":%.1f,\"framesDrifting\":%d,\"rowLost\":%d,\"wraps\":%d,\"rowWidgetsMade\":%d,"
               "\"tickP50Ms\":%.2f,\"tickP99Ms\":%.2f}\n",
               mode, row_count, frames, max_drift, percentile(drifts, measured, 0.99), percentile(drifts, measured, 0.5),
               total_drift, drifting, lost, wraps, rows_made, intervals_p50, intervals_p99);
        fflush(stdout);
        gtk_window_destroy(GTK_WINDOW(window));
        return G_SOURCE_REMOVE;
    }
    // One wheel step down; back to the top (not measured) at the end of the content.
    double page = gtk_adjustment_get_page_size(vadjustment), value = gtk_adjustment_get_value(vadjustment);
    gboolean paging = strcmp(mode, "page") == 0 || strcmp(mode, "pageup") == 0;
    double step = paging ? gtk_adjustment_get_page_increment(vadjustment) : pow(page, 2.0 / 3.0);
    gboolean up = strcmp(mode, "up") == 0 || strcmp(mode, "pageup") == 0;
    if (up) step = -step;
    if (up && !jumped) {
        gtk_adjustment_set_value(vadjustment, gtk_adjustment_get_upper(vadjustment) - page);
        jumped = TRUE;
        return G_SOURCE_CONTINUE;
    }
    if (value + step > gtk_adjustment_get_upper(vadjustment) - page || value + step < gtk_adjustment_get_lower(vadjustment)) {
        gtk_adjustment_set_value(vadjustment, up ? gtk_adjustment_get_upper(vadjustment) - page : gtk_adjustment_get_lower(vadjustment));
        wraps++;
        return G_SOURCE_CONTINUE;
    }
    double y;
    tracked = row_to_follow(step, page, &y);
    gtk_adjustment_set_value(vadjustment, value + step);
    expected_y = y - (gtk_adjustment_get_value(vadjustment) - value);
    return G_SOURCE_CONTINUE;
}

static void first_frame_painted(GdkFrameClock *clock, gpointer data) {
    (void)data;
    g_signal_handlers_disconnect_by_func(clock, first_frame_painted, NULL);
    gtk_widget_add_tick_callback(window, tick, NULL, NULL);
}

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkCssProvider *css = gtk_css_provider_new();
    char style[256];
    snprintf(style, sizeof style, "label.row { font-family: \"%s\"; font-size: %dpx; padding: %dpx; }", FONT_FAMILY, FONT_SIZE, PADDING);
    gtk_css_provider_load_from_data(css, style, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css), GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

    GtkStringList *strings = gtk_string_list_new(NULL);
    for (long i = 0; i < row_count; i++) {
        char *text = row_text(i);
        gtk_string_list_take(strings, text);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    g_signal_connect(factory, "unbind", G_CALLBACK(unbind), NULL);
    list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(strings))), factory);

    window = peer_window(app, list, &vadjustment, G_CALLBACK(first_frame_painted));
}

int main(int argc, char **argv) {
    make_syllables();
    gboolean uniform = argc > 1 && strcmp(argv[1], "--uniform-document") == 0;
    if (argc > 1 && (strcmp(argv[1], "--document") == 0 || uniform)) {
        print_document(argc > 2 ? atol(argv[2]) : 10000, argc > 3 ? atoi(argv[3]) : 800, uniform);
        return 0;
    }
    row_count = argc > 1 ? atol(argv[1]) : 10000;
    if (argc > 2) frames_wanted = atoi(argv[2]);
    if (argc > 3) mode = argv[3];
    drifts = calloc(frames_wanted + 1, sizeof(double));
    intervals = calloc(frames_wanted + 1, sizeof(double));
    labels = g_ptr_array_new_with_free_func(g_object_unref);
    return peer_run("org.trellis.peer.listview", G_CALLBACK(activate), argv[0]);
}
