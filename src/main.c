/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "tkr-application.h"

int
main (int argc, char *argv[])
{
  g_autoptr (TkrApplication) app = NULL;

#ifdef __GLIBC__
  /* What a large file frees after opening goes back to the system instead
   * of staying with the process (README, "Performance": 20 to 30 MiB with
   * 5,000 characters). glibc's own choice raises both limits to the
   * largest block ever freed, so a file's megabytes of text once read
   * would keep that much free memory in the process for good. */
  mallopt (M_MMAP_THRESHOLD, 1024 * 1024);
  mallopt (M_TRIM_THRESHOLD, 256 * 1024);
#endif

  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = tkr_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
