/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The floor of bench/run's first frame and memory: a bare libadwaita
 * window (an AdwApplicationWindow with a header bar and a label) of the
 * size Turnkeeper's window opens at, started the same way, timed by the
 * same LD_PRELOAD timer (bench-frame-timer.c).
 *
 * ./build/bench/bench-bare-window [WIDTH HEIGHT]
 */

#include <adwaita.h>

static int width = 1180, height = 780;

static void
activate_cb (GApplication *application)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (application));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *label = gtk_label_new ("Turnkeeper");

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_widget_set_vexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  g_autoptr (AdwApplication) application = NULL;

  if (argc == 3)
    {
      width = atoi (argv[1]);
      height = atoi (argv[2]);
    }
  application =
    adw_application_new ("io.github.turnkeeper.BenchBareWindow", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (application, "activate", G_CALLBACK (activate_cb), NULL);
  return g_application_run (G_APPLICATION (application), 1, argv);
}
