/* es-align.c: two runs put on one time axis at a moment both have
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-align.h"
#include "es-bookmarks.h"

/* A comparison aligns its runs at their starts, or at a marker
 * (traceMarker) or bookmark of the same name in both: run B's times are
 * then run A's plus an offset, B's moment minus A's. The CLI's
 * compare --align-marker and the comparison window both find the moment
 * here, so that they agree on which one a name means. */

/**
 * es_align_find:
 * @bookmarks: (nullable) (element-type EsBookmark): the run's bookmarks,
 *   by time
 *
 * The moment @name means in a run: its first marker of that name or, with
 * none, its first bookmark of that name. A marker wins because it is the
 * program's own and means the same in every run of it; a bookmark the
 * user placed by hand is the fallback.
 *
 * Returns: whether the run has such a moment
 */
gboolean
es_align_find (EsDocument *document,
               GArray     *bookmarks,
               const char *name,
               guint64    *time)
{
  guint n;
  const EsUserEvent *markers;
  gboolean found = FALSE;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), FALSE);
  g_return_val_if_fail (name != NULL && time != NULL, FALSE);

  markers = es_document_get_markers (document, &n);
  /* Markers come by capability, so the earliest is not always first. */
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (markers[i].text, name) == 0 && (!found || markers[i].time < *time))
      {
        *time = markers[i].time;
        found = TRUE;
      }
  if (found || bookmarks == NULL)
    return found;
  for (guint i = 0; i < bookmarks->len; i++)
    {
      const EsBookmark *bookmark = &g_array_index (bookmarks, EsBookmark, i);

      if (g_strcmp0 (bookmark->name, name) == 0 && (!found || bookmark->time < *time))
        {
          *time = bookmark->time;
          found = TRUE;
        }
    }
  return found;
}

typedef struct
{
  const char *name;
  guint64     time;
} Moment;

/* Every name of a marker or bookmark of one run, with its earliest time. */
static GHashTable *
collect_names (EsDocument *document,
               GArray     *bookmarks)
{
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  guint n;
  const EsUserEvent *markers = es_document_get_markers (document, &n);

  for (guint i = 0; i < n + (bookmarks != NULL ? bookmarks->len : 0); i++)
    {
      const char *name;
      guint64 time;
      Moment *moment;

      if (i < n)
        {
          name = markers[i].text;
          time = markers[i].time;
        }
      else
        {
          name = g_array_index (bookmarks, EsBookmark, i - n).name;
          time = g_array_index (bookmarks, EsBookmark, i - n).time;
        }
      if (name == NULL || *name == '\0')
        continue;
      moment = g_hash_table_lookup (names, name);
      if (moment == NULL)
        {
          moment = g_new (Moment, 1);
          moment->name = name;
          moment->time = time;
          g_hash_table_insert (names, (gpointer) name, moment);
        }
      /* A bookmark of a marker's name means that marker (es_align_find). */
      else if (i < n && time < moment->time)
        moment->time = time;
    }
  return names;
}

static int
compare_moments (gconstpointer a,
                 gconstpointer b)
{
  const Moment *x = *(const Moment **) a, *y = *(const Moment **) b;

  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return g_strcmp0 (x->name, y->name);
}

/**
 * es_align_common_names:
 * @a_bookmarks: (nullable) (element-type EsBookmark)
 * @b_bookmarks: (nullable) (element-type EsBookmark)
 *
 * The names of the markers and bookmarks both runs have, in the order they
 * first come in run A, at most %ES_ALIGN_MAX_NAMES of them.
 *
 * Returns: (transfer full): the names, perhaps none
 */
GStrv
es_align_common_names (EsDocument *a,
                       GArray     *a_bookmarks,
                       EsDocument *b,
                       GArray     *b_bookmarks)
{
  g_autoptr(GHashTable) in_a = NULL;
  g_autoptr(GHashTable) in_b = NULL;
  g_autoptr(GPtrArray) common = g_ptr_array_new ();
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  GHashTableIter iter;
  gpointer value;

  g_return_val_if_fail (ES_IS_DOCUMENT (a) && ES_IS_DOCUMENT (b), NULL);

  in_a = collect_names (a, a_bookmarks);
  in_b = collect_names (b, b_bookmarks);
  g_hash_table_iter_init (&iter, in_a);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (g_hash_table_contains (in_b, ((Moment *) value)->name))
      g_ptr_array_add (common, value);
  g_ptr_array_sort (common, compare_moments);
  for (guint i = 0; i < MIN (common->len, ES_ALIGN_MAX_NAMES); i++)
    g_strv_builder_add (builder, ((Moment *) common->pdata[i])->name);
  return g_strv_builder_end (builder);
}

/**
 * es_align_shift:
 * @offset: run B's time of the aligned moment minus run A's
 * @end: the end of the run the time is taken into
 *
 * Run A's @time in run B (or, with -@offset, B's in A), kept in [0, @end]:
 * a moment before the run's start is its start, one after its end its end.
 */
guint64
es_align_shift (guint64 time,
                gint64  offset,
                guint64 end)
{
  if (offset < 0 && time < (guint64) -offset)
    return 0;
  if (offset >= 0 && time > end - MIN (end, (guint64) offset))
    return end;
  return MIN ((guint64) ((gint64) time + offset), end);
}
