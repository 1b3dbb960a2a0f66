/* test-give-back.c: a page shown in a window's notebook gives back the
 * memory freed meanwhile, once it has drawn and settled
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <gtk/gtk.h>

#include "es-give-back.h"
#include "es-test-gui.h"
#include "es-vec.h"

#define FREED_MB 32

/* Resident memory, in bytes. */
static gsize
resident (void)
{
  g_autofree char *statm = NULL;
  unsigned long size = 0, pages = 0;

  g_assert_true (g_file_get_contents ("/proc/self/statm", &statm, NULL, NULL));
  g_assert_cmpint (sscanf (statm, "%lu %lu", &size, &pages), ==, 2);
  return (gsize) pages * (gsize) sysconf (_SC_PAGESIZE);
}

typedef struct
{
  gsize below;
} Target;

static gboolean
resident_below (gpointer data)
{
  return resident () < ((Target *) data)->below;
}

static void
test_page_switch_gives_back (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *notebook = gtk_notebook_new ();
  g_autoptr(GPtrArray) blocks = g_ptr_array_new ();
  gpointer pin;
  gsize before, held;
  Target target;

  /* Memory checkers keep their own heaps: there is nothing of glibc's to
   * give back under them. */
#ifndef ES_GLIBC_HEAP
  g_test_skip ("a sanitizer (or a libc other than glibc) replaces malloc: no glibc heap to trim");
  return;
#endif
  gtk_notebook_append_page (GTK_NOTEBOOK (notebook), gtk_label_new ("one"), gtk_label_new ("One"));
  gtk_notebook_append_page (GTK_NOTEBOOK (notebook), gtk_label_new ("two"), gtk_label_new ("Two"));
  es_give_back_on_page_switches (GTK_NOTEBOOK (notebook));
  gtk_window_set_child (GTK_WINDOW (window), notebook);
  gtk_window_present (GTK_WINDOW (window));
  es_test_wait_until ((gboolean (*) (gpointer)) gtk_widget_get_mapped, notebook, 10);

  /* What a page's first frames make and drop: many blocks of the main
   * heap, written, then freed below the last, still in use, so that the
   * heap's top cannot shrink on its own. */
  before = resident ();
  for (guint i = 0; i <= FREED_MB * 16; i++)
    {
      char *block = g_malloc (64 * 1024);

      memset (block, 1, 64 * 1024);
      g_ptr_array_add (blocks, block);
    }
  pin = g_ptr_array_steal_index (blocks, blocks->len - 1);
  g_ptr_array_foreach (blocks, (GFunc) g_free, NULL);
  held = resident ();
  g_assert_cmpuint (held, >, before + FREED_MB / 2 * 1024 * 1024);

  gtk_notebook_set_current_page (GTK_NOTEBOOK (notebook), 1);
  target.below = held - FREED_MB / 2 * 1024 * 1024;
  es_test_wait_until (resident_below, &target, 10);
  g_assert_cmpuint (resident (), <, target.below);

  g_free (pin);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  if (!es_test_gui_init (&argc, &argv))
    return 0;
  g_test_add_func ("/give-back/page-switch-gives-back-freed-memory", test_page_switch_gives_back);
  return g_test_run ();
}
