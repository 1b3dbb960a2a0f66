/* test-render-profile-row.c: the timeline's Profile row, pixel by pixel
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-prof.h"
#include "es-profile.h"
#include "es-test-log.h"
#include "es-test-render.h"

static gboolean
same_rgb (const guint8 a[3],
          const guint8 b[3])
{
  return memcmp (a, b, 3) == 0;
}

/* The chosen cost centre's colour, magenta, over the row's background at
 * any strength: red and blue well above green, where greys have them level
 * and the cost centres' warm colours have no blue. */
static gboolean
is_magenta (const guint8 rgb[3])
{
  return rgb[0] - rgb[1] > 40 && rgb[2] - rgb[1] > 40;
}

/* What column @x of @row shows where no lane is drawn: its top edge, above
 * the lanes (the background, or a grid line going down the column). */
static void
bare_pixel (const Frame         *frame,
            const EsTimelineRow *row,
            int                  x,
            guint8               rgb[3])
{
  get_pixel (frame->surface, ES_TIMELINE_GUTTER + x, row->y + 1, rgb);
}

/* Only a log with cost-centre samples has the row. */
static void
test_row_only_with_samples (void)
{
  g_autoptr(EsDocument) profiled = es_test_load_fixture ("profiled-long.eventlog");
  g_autoptr(EsDocument) parfib = es_test_load_fixture ("parfib-N2.eventlog");
  g_autoptr(GArray) with = NULL, without = NULL;

  if (profiled == NULL || parfib == NULL)
    return;
  with = es_timeline_layout (profiled, ALL_ROWS);
  without = es_timeline_layout (parfib, ALL_ROWS);
  g_assert_nonnull (find_row (with, ES_ROW_PROFILE, 0));
  for (guint i = 0; i < without->len; i++)
    g_assert_cmpint (g_array_index (without, EsTimelineRow, i).kind, !=, ES_ROW_PROFILE);
}

/* Every column that holds samples is painted, and no other, over the whole
 * run and zoomed into a second of it; and, the run's busiest cost centre
 * chosen, exactly the columns where it was on a stack take its colour. */
static void
check_view (EsDocument *document,
            guint64     t0,
            guint64     t1)
{
  g_autofree EsProfileColumn *columns = g_new (EsProfileColumn, DATA_WIDTH);
  g_autoptr(EsProfile) profile = es_profile_new (document, t0, t1);
  const EsProfileCostCentre *busiest = NULL;
  g_auto(Frame) plain = { 0 };
  g_auto(Frame) chosen = { 0 };
  const EsTimelineRow *row;
  guint painted = 0, marked = 0, sampled = 0;

  /* The innermost cost centre with the most samples, short of all of them,
   * so that some sampled columns have it and some do not. */
  for (guint i = 0; i < profile->cost_centres->len && busiest == NULL; i++)
    {
      const EsProfileCostCentre *cc = &g_array_index (profile->cost_centres, EsProfileCostCentre, i);

      if (cc->cc != NULL && !es_cost_centre_is_builtin_root (cc->cc) && g_strcmp0 (cc->cc->label, "MAIN") != 0 &&
          cc->inherited < profile->n_samples)
        busiest = cc;
    }
  g_assert_nonnull (busiest);

  paint_frame (&plain, document, t0, t1, FALSE);
  row = find_row (plain.rows, ES_ROW_PROFILE, 0);
  g_assert_nonnull (row);
  es_profile_columns (document, t0, t1, 0, busiest->id, columns, DATA_WIDTH);
  for (int x = 0; x < DATA_WIDTH; x++)
    {
      guint8 rgb[3], bare[3];

      get_pixel (plain.surface, ES_TIMELINE_GUTTER + x, row->y + row->height / 2, rgb);
      bare_pixel (&plain, row, x, bare);
      g_assert_cmpint (!same_rgb (rgb, bare), ==, columns[x].n_samples > 0);
      painted += columns[x].n_samples > 0;
    }
  g_assert_cmpuint (painted, >, 10);

  paint_view (&chosen, &(EsTimelineView) { .document = document, .t0 = t0, .t1 = t1, .width = DATA_WIDTH,
                                           .profile_chosen = TRUE, .profile_cost_centre = busiest->id });
  for (int x = 0; x < DATA_WIDTH; x++)
    {
      guint8 rgb[3];

      get_pixel (chosen.surface, ES_TIMELINE_GUTTER + x, row->y + row->height / 2, rgb);
      g_assert_cmpint (is_magenta (rgb), ==, columns[x].n_chosen > 0);
      marked += columns[x].n_chosen > 0;
      sampled += columns[x].n_samples > 0;
    }
  g_assert_cmpuint (marked, >, 0);
  g_assert_cmpuint (marked, <, sampled);
}

static void
test_columns_follow_samples (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("profiled-long.eventlog");
  guint64 end;

  if (document == NULL)
    return;
  end = es_document_get_end_time (document);
  check_view (document, 0, end);
  check_view (document, end / 3, end / 3 + 1000000000);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/profile-row/only-with-samples", test_row_only_with_samples);
  g_test_add_func ("/render/profile-row/columns-follow-samples", test_columns_follow_samples);

  return g_test_run ();
}
