/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The first-frame timer of bench/run, loaded into a program with
 * LD_PRELOAD so that the application itself carries no timing code. It
 * wraps gtk_window_present: the first window presented is watched on its
 * frame clock, and its first painted frame ("after-paint") is the first
 * frame. With TKR_BENCH_WAIT_DOCUMENT set, the frame painted after that
 * window's "document" property next changes (an opened file shown) is
 * noted as well. Then, once the process has been quiet for a while, its
 * resident memory is read and everything is written as one line of
 * key=value pairs to the file named by TKR_BENCH_OUT, and the process
 * ends.
 *
 * Times are CLOCK_MONOTONIC (the runner takes the same clock when it
 * starts the process) and the process's CPU time, all threads.
 *
 * With TKR_BENCH_EXIT_AT_FIRST_FRAME set, the process ends at its first
 * painted frame (nothing written): a run under
 * `valgrind --tool=callgrind` then counts the instructions to the first
 * frame (README, "Performance").
 */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <malloc.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define QUIET_POLL_MS 50
#define QUIET_POLLS 6       /* 300 ms with almost no CPU */
#define QUIET_CPU_US 3000.0 /* what counts as almost no CPU in one poll */
#define GIVE_UP_POLLS 6000  /* 300 s */

typedef struct
{
  GtkWidget *window;
  gboolean waiting_document;
  gboolean document_changed;
  double first_mono, first_cpu;
  double document_mono, document_cpu;
  double last_cpu;
  guint quiet, polls;
} Timer;

static Timer timer;

static double
clock_us (clockid_t id)
{
  struct timespec ts;

  clock_gettime (id, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/* A line of /proc/self/status ("VmRSS:"), in KiB. */
static long
status_kib (const char *key)
{
  FILE *file = fopen ("/proc/self/status", "r");
  char line[256];
  long value = -1;

  if (file == NULL)
    return -1;
  while (fgets (line, sizeof line, file) != NULL)
    if (strncmp (line, key, strlen (key)) == 0)
      {
        value = strtol (line + strlen (key), NULL, 10);
        break;
      }
  fclose (file);
  return value;
}

static void
finish (void)
{
  const char *path = g_getenv ("TKR_BENCH_OUT");
  FILE *out = path != NULL ? fopen (path, "w") : stderr;
  int width = gtk_widget_get_width (timer.window);
  int height = gtk_widget_get_height (timer.window);

  if (out == NULL)
    out = stderr;
  if (g_getenv ("TKR_BENCH_TRIM") != NULL)
    malloc_trim (0);
  fprintf (out,
           "first_mono_us=%.0f first_cpu_us=%.0f document_mono_us=%.0f document_cpu_us=%.0f "
           "rss_kib=%ld hwm_kib=%ld rss_anon_kib=%ld rss_file_kib=%ld heap_kib=%zu width=%d "
           "height=%d quiet=%d\n",
           timer.first_mono, timer.first_cpu, timer.document_mono, timer.document_cpu,
           status_kib ("VmRSS:"), status_kib ("VmHWM:"), status_kib ("RssAnon:"),
           status_kib ("RssFile:"), (mallinfo2 ().uordblks + mallinfo2 ().hblkhd) / 1024, width,
           height, timer.quiet >= QUIET_POLLS);
  fflush (out);
  /* The whole map, to see what holds the memory (bench/run never asks). */
  if (g_getenv ("TKR_BENCH_SMAPS") != NULL)
    {
      g_autofree char *smaps = NULL;
      gsize length;

      if (g_file_get_contents ("/proc/self/smaps", &smaps, &length, NULL))
        g_file_set_contents (g_getenv ("TKR_BENCH_SMAPS"), smaps, length, NULL);
    }
  _exit (0);
}

/* Quiet: a few polls in a row in which the process used almost no CPU
 * (a worker thread's parse counts too). */
static gboolean
poll_quiet_cb (gpointer data)
{
  double cpu = clock_us (CLOCK_PROCESS_CPUTIME_ID);

  timer.quiet = cpu - timer.last_cpu < QUIET_CPU_US ? timer.quiet + 1 : 0;
  timer.last_cpu = cpu;
  if (timer.quiet >= QUIET_POLLS || ++timer.polls >= GIVE_UP_POLLS)
    finish ();
  return G_SOURCE_CONTINUE;
}

static void
document_notify_cb (GObject *window, GParamSpec *pspec, gpointer data)
{
  timer.document_changed = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (window));
}

static void
after_paint_cb (GdkFrameClock *clock, gpointer data)
{
  double mono = clock_us (CLOCK_MONOTONIC), cpu = clock_us (CLOCK_PROCESS_CPUTIME_ID);

  if (timer.first_mono == 0)
    {
      timer.first_mono = mono;
      timer.first_cpu = cpu;
      if (g_getenv ("TKR_BENCH_EXIT_AT_FIRST_FRAME") != NULL)
        _exit (0);
    }
  if (timer.waiting_document && !timer.document_changed)
    return;
  if (timer.document_mono == 0)
    {
      timer.document_mono = mono;
      timer.document_cpu = cpu;
      timer.last_cpu = cpu;
      g_signal_handlers_disconnect_by_func (clock, after_paint_cb, data);
      g_timeout_add (QUIET_POLL_MS, poll_quiet_cb, NULL);
    }
}

void
gtk_window_present (GtkWindow *window)
{
  static void (*real_present) (GtkWindow *);
  gboolean first = timer.window == NULL;
  GdkFrameClock *clock;

  if (real_present == NULL)
    real_present = (void (*) (GtkWindow *)) dlsym (RTLD_NEXT, "gtk_window_present");
  if (first)
    {
      timer.window = GTK_WIDGET (window);
      timer.waiting_document =
        g_getenv ("TKR_BENCH_WAIT_DOCUMENT") != NULL &&
        g_object_class_find_property (G_OBJECT_GET_CLASS (window), "document") != NULL;
      if (timer.waiting_document)
        g_signal_connect (window, "notify::document", G_CALLBACK (document_notify_cb), NULL);
    }
  real_present (window);
  if (!first)
    return;
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  if (clock == NULL)
    {
      g_printerr ("bench-frame-timer: the window has no frame clock after presenting it\n");
      _exit (1);
    }
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), NULL);
}
