// The floor: the smallest GTK 4 window a program can open — one GtkLabel in the peers'
// window (a GtkScrolledWindow in an 800 × 600 GtkApplicationWindow, peer.h) — timed like
// `trellis gallery` and the other peers, from the process's start to the frame clock's
// after-paint of the first frame. Whatever a GTK application does to show its first frame,
// it pays at least this: the dynamic loader, GTK's own start-up (display connection, theme,
// fonts), one layout and one render. Prints one JSON line and exits.
// Build: make -C Benchmarks/gtk-peers; run under an X server (Benchmarks/gtk-peers/run: Xvfb).
#include <gtk/gtk.h>
#include "peer.h"

static GtkAdjustment *vadjustment;
static GtkWidget *window;

static void first_frame_painted(GdkFrameClock *clock, gpointer data) {
    (void)data;
    peer_report_first_frame("empty", 1);
    g_signal_handlers_disconnect_by_func(clock, first_frame_painted, NULL);
    gtk_window_destroy(GTK_WINDOW(window));
}

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    peer_mark("activate");
    window = peer_window(app, gtk_label_new("trellis"), &vadjustment, G_CALLBACK(first_frame_painted));
}

int main(int argc, char **argv) {
    (void)argc;
    peer_mark("main");
    return peer_run("org.trellis.peer.empty", G_CALLBACK(activate), argv[0]);
}
