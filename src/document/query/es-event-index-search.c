/* es-event-index-search.c: finding rows of the event index by text and kind
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-event-index-private.h"

/* A row's text is its `dump` line without the time, formatted again for
 * each search: keeping the text of millions of rows would cost far more
 * than the index. The rows are shared out among the cores, each part
 * taking the merge up at its first row (a search by kind alone too: the
 * merge's steps are most of its cost). */

#define DROP_PAGES_EVERY (64 * 4096)

typedef struct
{
  EsEventIndex         *index;
  const char           *folded;    /* lower-case ASCII, or NULL */
  const guint8         *tag_set;   /* bitmap, or NULL */
  guint                 first, end;
  GArray               *rows;
  GCancellable         *cancellable;
  EsEventIndexProgress  progress;
  gpointer              user_data;
  gboolean              cancelled;
} SearchPart;

static void
append_uint (GString *out,
             guint    value)
{
  char digits[12];
  guint n = 0;

  do
    digits[n++] = (char) ('0' + value % 10);
  while ((value /= 10) > 0);
  while (n > 0)
    g_string_append_c (out, digits[--n]);
}

static gboolean
row_matches (SearchPart *part,
             gint64      offset,
             GString    *scratch)
{
  EsEventIndex *self = part->index;
  guint16 tag = es_eventlog_tag_at (self->data, offset);
  EsEvent event;

  if (part->tag_set != NULL && !(part->tag_set[tag >> 3] & (1u << (tag & 7))))
    return FALSE;
  if (part->folded == NULL)
    return TRUE;
  if (!_es_event_index_decode_offset (self, offset, _es_event_index_cap_at (self, offset), &event, NULL))
    return FALSE;

  /* The text is the dump's line without its time: "cap 1: running thread 7". */
  g_string_truncate (scratch, 0);
  if (event.cap != ES_CAP_NONE)
    {
      g_string_append (scratch, "cap ");
      append_uint (scratch, event.cap);
      g_string_append (scratch, ": ");
    }
  es_event_index_append_text (self, &event, scratch);
  for (gsize i = 0; i < scratch->len; i++)
    scratch->str[i] = g_ascii_tolower (scratch->str[i]);
  return strstr (scratch->str, part->folded) != NULL;
}

static gpointer
search_part (gpointer data)
{
  SearchPart *part = data;
  g_autoptr(GString) scratch = g_string_sized_new (256);
  EsEventWalker walker = { 0 };

  /* The rows of the part in order: the merge taken up at its first. */
  _es_event_walker_seek (part->index, &walker, part->first);
  for (guint row = part->first; row < part->end; row++)
    {
      gint64 offset = _es_event_walker_step (part->index, &walker);

      if ((row - part->first) % 4096 == 0)
        {
          /* Hand back the log's pages read so far, as the build does (the
           * other parts read a page or two of theirs again). */
          if ((row - part->first) % DROP_PAGES_EVERY == 0)
            _es_event_index_drop_pages (part->index, 0, (gint64) part->index->len);
          if (g_cancellable_is_cancelled (part->cancellable))
            {
              part->cancelled = TRUE;
              break;
            }
          report (part->progress, part->user_data,
                  (double) (row - part->first) / (double) (part->end - part->first));
        }
      if (row_matches (part, offset, scratch))
        {
          guint32 r = row;

          g_array_append_val (part->rows, r);
        }
    }
  _es_event_walker_clear (&walker);
  return NULL;
}

/**
 * es_event_index_search:
 *
 * es_event_index_search_from() from the first row.
 */
GArray *
es_event_index_search (EsEventIndex          *self,
                       const char            *text,
                       const guint16         *tags,
                       guint                  n_tags,
                       EsEventIndexProgress   progress,
                       gpointer               user_data,
                       GCancellable          *cancellable,
                       GError               **error)
{
  return es_event_index_search_from (self, 0, text, tags, n_tags, progress, user_data, cancellable, error);
}

/**
 * es_event_index_search_from:
 * @from: the first row to look at (a followed log's list, grown, has
 *   the matches of the rows before already)
 * @text: (nullable): what the row's text must contain
 * @tags: (array length=n_tags) (nullable): the kinds of event wanted
 * @progress: (scope call) (nullable): called from this thread
 *
 * Finds the rows that match, on every core. Blocks: call it on a worker
 * thread. The text of a row is its `dump` line without the time.
 *
 * Returns: (transfer full): the matching rows (guint32), ascending, or
 *   %NULL when cancelled
 */
GArray *
es_event_index_search_from (EsEventIndex          *self,
                            guint                  from,
                            const char            *text,
                            const guint16         *tags,
                            guint                  n_tags,
                            EsEventIndexProgress   progress,
                            gpointer               user_data,
                            GCancellable          *cancellable,
                            GError               **error)
{
  g_autofree char *folded = NULL;
  g_autofree guint8 *tag_set = NULL;
  guint n_parts = CLAMP (g_get_num_processors (), 1, 8);
  SearchPart parts[8];
  GThread *threads[8] = { NULL };
  GArray *rows;
  gboolean cancelled = FALSE;

  g_return_val_if_fail (self != NULL, NULL);

  if (text != NULL && text[0] != '\0')
    folded = g_ascii_strdown (text, -1);
  if (n_tags > 0)
    {
      tag_set = g_new0 (guint8, 65536 / 8);
      for (guint i = 0; i < n_tags; i++)
        tag_set[tags[i] >> 3] |= (guint8) (1u << (tags[i] & 7));
    }
  from = MIN (from, self->n_rows);
  if (self->n_rows - from < 65536)
    n_parts = 1;

  for (guint i = 0; i < n_parts; i++)
    {
      guint64 n = self->n_rows - from;

      parts[i] = (SearchPart) {
        self, folded, tag_set,
        from + (guint) (n * i / n_parts), from + (guint) (n * (i + 1) / n_parts),
        g_array_new (FALSE, FALSE, sizeof (guint32)), cancellable,
        i == 0 ? progress : NULL, user_data, FALSE
      };
      if (i > 0)
        threads[i] = g_thread_try_new ("es-event-search", search_part, &parts[i], NULL);
    }
  search_part (&parts[0]);
  rows = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint i = 0; i < n_parts; i++)
    {
      if (threads[i] != NULL)
        g_thread_join (threads[i]);
      else if (i > 0)
        search_part (&parts[i]);    /* no thread to spare: do it here */
      cancelled |= parts[i].cancelled;
      g_array_append_vals (rows, parts[i].rows->data, parts[i].rows->len);
      g_array_unref (parts[i].rows);
    }
  _es_event_index_drop_pages (self, 0, (gint64) self->len);
  if (cancelled)
    {
      g_cancellable_set_error_if_cancelled (cancellable, error);
      g_array_unref (rows);
      return NULL;
    }
  report (progress, user_data, 1);
  return rows;
}

guint
es_event_matches_lower_bound (GArray *matches,
                              guint   row)
{
  guint lo = 0, hi;

  g_return_val_if_fail (matches != NULL, 0);

  hi = matches->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (matches, guint32, mid) < row)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}
