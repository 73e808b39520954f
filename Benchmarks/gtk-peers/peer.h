// What the GTK peers share: the clock, the time since the process started (as the kernel
// recorded it, like `trellis gallery`'s firstFrame line), the gallery's words, percentiles.
#ifndef TRELLIS_GTK_PEER_H
#define TRELLIS_GTK_PEER_H
#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static double boot_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_BOOTTIME, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// The process's start on the boot-time clock: field 22 of /proc/self/stat, in clock ticks
// (rounded down: a time since it is up to one tick long, never short). -1 when unreadable.
static inline double process_start_ms(void) {
    FILE *file = fopen("/proc/self/stat", "r");
    if (file == NULL) return -1;
    char buffer[1024];
    size_t length = fread(buffer, 1, sizeof buffer - 1, file);
    fclose(file);
    buffer[length] = 0;
    char *field = strrchr(buffer, ')');
    if (field == NULL) return -1;
    for (int index = 2; index < 22 && field != NULL; index++) field = strchr(field + 1, ' ');
    if (field == NULL) return -1;
    return strtoull(field + 1, NULL, 10) * 1e3 / sysconf(_SC_CLK_TCK);
}

static double wall_clock_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// The processor time the process used so far, every thread, user and system, in ms: the
// work done before a moment, which a loaded machine stretches far less than the wall time.
static double cpu_ms_of(int who) {
    struct rusage usage;
    getrusage(who, &usage);
    return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
}

static double cpu_ms(void) { return cpu_ms_of(RUSAGE_SELF); }

// Named moments of start-up on the boot-time clock (like `trellis gallery`'s StartupTrace),
// reported in ms since the process started.
#define PEER_MAX_MOMENTS 8
static const char *peer_moment_names[PEER_MAX_MOMENTS];
static double peer_moment_times[PEER_MAX_MOMENTS], peer_moment_cpu[PEER_MAX_MOMENTS];
static int peer_moment_count;

static inline void peer_mark(const char *name) {
    if (peer_moment_count < PEER_MAX_MOMENTS) {
        peer_moment_names[peer_moment_count] = name;
        peer_moment_cpu[peer_moment_count] = cpu_ms();
        peer_moment_times[peer_moment_count++] = boot_ms();
    }
}

// The first frame: ms since the process started and the wall clock then (the runner notes
// the wall clock just before `exec`, which is exact where the kernel's record is in 10 ms
// ticks), kept for the JSON line.
static double peer_first_frame_ms = -1, peer_first_frame_wall_ms = -1, peer_first_frame_cpu_ms = -1, peer_first_frame_main_cpu_ms = -1;

static inline void peer_first_frame(void) {
    peer_first_frame_ms = boot_ms() - process_start_ms();
    peer_first_frame_wall_ms = wall_clock_ms();
    peer_first_frame_cpu_ms = cpu_ms();
    peer_first_frame_main_cpu_ms = cpu_ms_of(RUSAGE_THREAD);  // called on the main thread
}

// `"firstFrameMs":…,"wallClockMs":…,"cpuMs":…,"mainThreadCpuMs":…,"moments":{…},"cpuMoments":{…}`
// for the peer's JSON line (moments: ms since the process started; cpuMoments: processor ms
// used by then; mainThreadCpuMs: the main thread's share, a lower bound of the wall time to
// the first frame, which every step on the main thread is part of).
static inline void peer_print_first_frame_fields(void) {
    double start = process_start_ms();
    printf("\"firstFrameMs\":%.1f,\"wallClockMs\":%.3f,\"cpuMs\":%.1f,\"mainThreadCpuMs\":%.1f,\"moments\":{", peer_first_frame_ms,
           peer_first_frame_wall_ms, peer_first_frame_cpu_ms, peer_first_frame_main_cpu_ms);
    for (int i = 0; i < peer_moment_count; i++)
        printf("%s\"%s\":%.1f", i > 0 ? "," : "", peer_moment_names[i], peer_moment_times[i] - start);
    printf("},\"cpuMoments\":{");
    for (int i = 0; i < peer_moment_count; i++)
        printf("%s\"%s\":%.1f", i > 0 ? "," : "", peer_moment_names[i], peer_moment_cpu[i]);
    printf("}");
}

// Records the first frame and prints `{"peer":name,"items":count,<first frame fields>}`.
static inline void peer_report_first_frame(const char *name, long count) {
    peer_first_frame();
    printf("{\"peer\":\"%s\",\"items\":%ld,", name, count);
    peer_print_first_frame_fields();
    printf("}\n");
    fflush(stdout);
}

// The same pronounceable words as `trellis gallery` (GalleryWords): i·7919 mod n in
// bijective base-600 numeration over onset+vowel+coda syllables.
static const char *peer_onsets[] = {"b","d","f","g","k","l","m","n","p","r","s","t","v","z","br","st","tr","ch","sh","qu"};
static const char *peer_vowels[] = {"a","e","i","o","u","ai"};
static const char *peer_codas[] = {"","n","r","l","s"};
static char peer_syllables[600][8];
static int peer_syllable_count;

static inline void make_syllables(void) {
    for (int o = 0; o < 20; o++)
        for (int v = 0; v < 6; v++)
            for (int c = 0; c < 5; c++)
                snprintf(peer_syllables[peer_syllable_count++], 8, "%s%s%s", peer_onsets[o], peer_vowels[v], peer_codas[c]);
}

static inline void word(long index, long count, char *out) {
    long n = count > 1 ? (index * 7919) % count : index;
    char buffer[64] = "";
    do {
        char next[64];
        snprintf(next, sizeof next, "%s%s", peer_syllables[n % peer_syllable_count], buffer);
        strcpy(buffer, next);
        n = n / peer_syllable_count - 1;
    } while (n >= 0);
    strcpy(out, buffer);
}

static inline int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

// The p-quantile (0…1) of values[0..<count], sorting them in place.
static inline double percentile(double *values, int count, double p) {
    if (count == 0) return 0;
    qsort(values, count, sizeof(double), compare_doubles);
    int index = (int)(count * p);
    return values[index < count ? index : count - 1];
}

// The peers' window: 800 × 600, `content` in a vertically scrolling GtkScrolledWindow
// (its vertical adjustment into *vadjustment), presented; `first_painted` is connected to
// the frame clock's after-paint (the first frame is in the window once it runs).
static inline GtkWidget *peer_window(GtkApplication *app, GtkWidget *content, GtkAdjustment **vadjustment, GCallback first_painted) {
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_default_size(GTK_WINDOW(window), 800, 600);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), content);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    *vadjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled));
    gtk_window_present(GTK_WINDOW(window));
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", first_painted, NULL);
    return window;
}

static void peer_mark_startup(GApplication *app, gpointer data) {
    (void)app; (void)data;
    peer_mark("startup");  // after GtkApplication's: GTK is initialised, the display open
}

// Runs a non-unique GtkApplication `id` whose activate is `activate`, without passing the
// command line on to GApplication.
static int peer_run(const char *id, GCallback activate, char *program) {
    GtkApplication *app = gtk_application_new(id, G_APPLICATION_NON_UNIQUE);
    g_signal_connect_after(app, "startup", G_CALLBACK(peer_mark_startup), NULL);
    g_signal_connect(app, "activate", activate, NULL);
    char *args[] = {program, NULL};
    int status = g_application_run(G_APPLICATION(app), 1, args);
    g_object_unref(app);
    return status;
}

#endif
