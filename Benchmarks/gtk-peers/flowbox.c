// GtkFlowBox holding N tags as GtkLabels — GTK's own answer to a tag cloud — measured the
// way `trellis gallery` is: time from the process's start to the first frame painted in the
// window (the frame clock's after-paint), then the interval between frame-clock ticks while
// the content scrolls by GTK's wheel step on each tick. Prints one JSON line.
// Build: make -C Benchmarks/gtk-peers; run under an X server (Benchmarks/gtk-peers/run: Xvfb).
#include <gtk/gtk.h>
#include "peer.h"

static double last_tick_ms;
static int frames, scroll_frames_wanted = 300;
static double *frame_times;
static long count;
static GtkAdjustment *vadjustment;
static GtkWidget *window;

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)widget; (void)clock; (void)data;
    double now = boot_ms();
    if (last_tick_ms > 0) frame_times[frames++] = now - last_tick_ms;
    if (frames >= scroll_frames_wanted) {
        double p0 = percentile(frame_times, frames, 0), p50 = percentile(frame_times, frames, 0.5);
        double p99 = percentile(frame_times, frames, 0.99);
        printf("{\"peer\":\"GtkFlowBox\",\"items\":%ld,", count);
        peer_print_first_frame_fields();
        printf(",\"scrollFrames\":%d,\"scrollFrameP0Ms\":%.2f,\"scrollFrameP50Ms\":%.2f,\"scrollFrameP99Ms\":%.2f}\n",
               frames, p0, p50, p99);
        fflush(stdout);
        gtk_window_destroy(GTK_WINDOW(window));
        return G_SOURCE_REMOVE;
    }
    last_tick_ms = now;
    // One wheel step (GtkScrolledWindow's: page^(2/3)) per frame, back to the top at the end.
    double page = gtk_adjustment_get_page_size(vadjustment);
    double next = gtk_adjustment_get_value(vadjustment) + pow(page, 2.0 / 3.0);
    if (next > gtk_adjustment_get_upper(vadjustment) - page) next = gtk_adjustment_get_lower(vadjustment);
    gtk_adjustment_set_value(vadjustment, next);
    return G_SOURCE_CONTINUE;
}

static void first_frame_painted(GdkFrameClock *clock, gpointer data) {
    (void)data;
    peer_first_frame();
    g_signal_handlers_disconnect_by_func(clock, first_frame_painted, NULL);
    gtk_widget_add_tick_callback(window, tick, NULL, NULL);
}

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkWidget *flow = gtk_flow_box_new();
    gtk_flow_box_set_selection_mode(GTK_FLOW_BOX(flow), GTK_SELECTION_NONE);
    gtk_flow_box_set_max_children_per_line(GTK_FLOW_BOX(flow), 1000);
    gtk_flow_box_set_homogeneous(GTK_FLOW_BOX(flow), FALSE);
    peer_mark("activate");
    char text[64];
    for (long i = 0; i < count; i++) {
        word(i, count, text);
        gtk_flow_box_append(GTK_FLOW_BOX(flow), gtk_label_new(text));
    }
    peer_mark("labelsMade");
    window = peer_window(app, flow, &vadjustment, G_CALLBACK(first_frame_painted));
}

int main(int argc, char **argv) {
    peer_mark("main");
    count = argc > 1 ? atol(argv[1]) : 1000;
    if (argc > 2) scroll_frames_wanted = atoi(argv[2]);
    make_syllables();
    frame_times = calloc(scroll_frames_wanted + 1, sizeof(double));
    return peer_run("org.trellis.peer.flowbox", G_CALLBACK(activate), argv[0]);
}
