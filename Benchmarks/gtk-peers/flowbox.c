// GtkFlowBox holding N tags as GtkLabels — GTK's own answer to a tag cloud — measured the
// way `trellis gallery` is: time from process start to the first drawn frame, then the
// time of each frame while the content scrolls by GTK's wheel step. Prints one JSON line.
// Build: make -C Benchmarks/gtk-peers; run under an X server (bench script: Xvfb).
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// The same pronounceable words as `trellis gallery` (GalleryWords): i·7919 mod n in
// bijective base-720 numeration over onset+vowel+coda syllables.
static const char *onsets[] = {"b","d","f","g","k","l","m","n","p","r","s","t","v","z","br","st","tr","ch","sh","qu"};
static const char *vowels[] = {"a","e","i","o","u","ai"};
static const char *codas[] = {"","n","r","l","s"};
static char syllables[600][8];
static int syllable_count;

static void make_syllables(void) {
    for (int o = 0; o < 20; o++)
        for (int v = 0; v < 6; v++)
            for (int c = 0; c < 5; c++) snprintf(syllables[syllable_count++], 8, "%s%s%s", onsets[o], vowels[v], codas[c]);
}

static void word(long index, long count, char *out) {
    long n = count > 1 ? (index * 7919) % count : index;
    char buffer[64] = "";
    do {
        char next[64];
        snprintf(next, sizeof next, "%s%s", syllables[n % syllable_count], buffer);
        strcpy(buffer, next);
        n = n / syllable_count - 1;
    } while (n >= 0);
    strcpy(out, buffer);
}

static double start_ms, first_frame_ms = -1, last_tick_ms;
static int frames, scroll_frames_wanted = 300;
static double *frame_times;
static GtkAdjustment *vadjustment;
static GtkWidget *window;

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)widget; (void)clock; (void)data;
    double t = now_ms();
    if (first_frame_ms < 0) {
        first_frame_ms = t - start_ms;
    } else if (frames < scroll_frames_wanted) {
        frame_times[frames++] = t - last_tick_ms;
    } else {
        qsort(frame_times, frames, sizeof(double), compare);
        printf("{\"peer\":\"GtkFlowBox\",\"items\":%ld,\"firstFrameMs\":%.1f,\"scrollFrameP50Ms\":%.2f,\"scrollFrameP99Ms\":%.2f,\"scrollFrameP0Ms\":%.2f}\n",
               (long)GPOINTER_TO_SIZE(g_object_get_data(G_OBJECT(window), "count")), first_frame_ms,
               frame_times[frames / 2], frame_times[(int)(frames * 0.99)], frame_times[0]);
        fflush(stdout);
        gtk_window_destroy(GTK_WINDOW(window));
        return G_SOURCE_REMOVE;
    }
    last_tick_ms = now_ms();
    // One wheel step (GtkScrolledWindow's: page^(2/3)) per frame.
    double page = gtk_adjustment_get_page_size(vadjustment);
    gtk_adjustment_set_value(vadjustment, gtk_adjustment_get_value(vadjustment) + pow(page, 2.0 / 3.0));
    return G_SOURCE_CONTINUE;
}

static void activate(GtkApplication *app, gpointer data) {
    long count = (long)GPOINTER_TO_SIZE(data);
    window = gtk_application_window_new(app);
    g_object_set_data(G_OBJECT(window), "count", GSIZE_TO_POINTER(count));
    gtk_window_set_default_size(GTK_WINDOW(window), 800, 600);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    GtkWidget *flow = gtk_flow_box_new();
    gtk_flow_box_set_selection_mode(GTK_FLOW_BOX(flow), GTK_SELECTION_NONE);
    gtk_flow_box_set_max_children_per_line(GTK_FLOW_BOX(flow), 1000);
    gtk_flow_box_set_homogeneous(GTK_FLOW_BOX(flow), FALSE);
    char text[64];
    for (long i = 0; i < count; i++) {
        word(i, count, text);
        gtk_flow_box_append(GTK_FLOW_BOX(flow), gtk_label_new(text));
    }
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), flow);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    vadjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled));
    gtk_widget_add_tick_callback(window, tick, NULL, NULL);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    start_ms = now_ms();
    long count = argc > 1 ? atol(argv[1]) : 1000;
    make_syllables();
    frame_times = calloc(scroll_frames_wanted + 1, sizeof(double));
    GtkApplication *app = gtk_application_new("org.trellis.peer.flowbox", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), GSIZE_TO_POINTER(count));
    char *args[] = {argv[0], NULL};
    int status = g_application_run(G_APPLICATION(app), 1, args);
    g_object_unref(app);
    return status;
}
