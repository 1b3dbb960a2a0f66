/* main.c
 *
 * Copyright 2026 The Eventscope authors
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 * GNU General Public License for more details.
 *
 * You should have received a copy of the GNU General Public License
 * along with this program.  If not, see <https://www.gnu.org/licenses/>.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <signal.h>
#include <glib/gi18n.h>

#include "es-application.h"
#include "es-bookmarks.h"
#include "es-live-source.h"
#include "es-vec.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(EsApplication) app = NULL;
  int status;

  /* Before anything opens a file (see eventscope-cli's main()). */
  es_live_source_guard_standard_streams ();
  es_vec_fit_address_space_limit ();
  /* A record past the file size limit is an error the window shows. */
  signal (SIGXFSZ, SIG_IGN);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name (_("Eventscope"));

  app = es_application_new ();

  status = g_application_run (G_APPLICATION (app), argc, argv);
  /* Quitting does not wait for the bookmarks the last window saved. */
  es_bookmarks_wait_for_io ();
  return status;
}
