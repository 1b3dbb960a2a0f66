/* es-timeline-key.c: which of the painter's colours a log can show, and
 * what they mean there
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "es-document-prof.h"
#include "es-series.h"
#include "es-timeline-key.h"

/* The Key lists what the open log can draw, not every colour there is:
 * a Mono log has no sparks, MVars or scheduler instants, and a GHC log
 * without a heap profile or spans need not explain them. A colour is kept
 * when its row is drawn for this log, even if the row happens to be empty
 * in the part shown (sparks on a run that made none are still a zero
 * line), so the Key does not change with the view. */

static gboolean
has_series (const EsSeries *series)
{
  return series != NULL && es_series_get_length (series) > 0;
}

/**
 * es_timeline_color_in_log:
 *
 * Returns: whether the timeline of @document can show @color, so that the
 *   Key should explain it
 */
gboolean
es_timeline_color_in_log (EsDocument *document,
                          EsColor     color)
{
  gboolean mono;
  guint n;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), TRUE);

  mono = es_document_get_format (document) == ES_DOCUMENT_MONO_LOG;
  switch (color)
    {
    case ES_COLOR_RUNNING:
    case ES_COLOR_ACTIVITY:
    case ES_COLOR_BOOKMARK:
      return TRUE;

    /* A log with no collection (a short program, a Mono run whose
     * nursery never filled) draws neither. */
    case ES_COLOR_GC:
    case ES_COLOR_GC_WAITING:
      es_document_get_gcs (document, &n);
      return n > 0;

    /* A Mono row is blank where its thread waits for a lock or is not
     * alive, and the Key says so (es_timeline_key_name()), framed so that
     * it shows on its page. The blank is kept, not given a colour: it is
     * where the program's thread does not run, as a GHC row's blank is, so
     * the eye reads the rows the same, and the colours stay for what the
     * runtime does to the threads (GC, and the suspend at exit). */
    case ES_COLOR_IDLE:
      return TRUE;

    /* Only a Mono log that ends with it: Mono's runtime holding the
     * threads at exit, its own state on the rows (es-mlpd-feed.c). */
    case ES_COLOR_EXIT_SUSPEND:
      {
        const EsMonoSummary *summary = es_document_get_mono_summary (document);

        return summary != NULL && summary->exit_suspend_end > summary->exit_suspend_start;
      }

    /* The scheduler's instants and the sparks are GHC's. */
    case ES_COLOR_THREAD_CREATED:
    case ES_COLOR_GC_REQUEST:
    case ES_COLOR_MIGRATE:
    case ES_COLOR_WAKEUP:
    case ES_COLOR_SPARK_CREATED:
    case ES_COLOR_SPARK_DUD:
    case ES_COLOR_SPARK_OVERFLOWED:
    case ES_COLOR_SPARK_CONVERTED:
    case ES_COLOR_SPARK_FIZZLED:
    case ES_COLOR_SPARK_GCED:
    case ES_COLOR_SPARK_POOL:
      return !mono;

    /* A Mono log's messages are its thrown exceptions. */
    case ES_COLOR_USER_MESSAGE:
      es_document_get_messages (document, &n);
      return n > 0;
    case ES_COLOR_MARKER:
      es_document_get_markers (document, &n);
      return n > 0;
    case ES_COLOR_SPAN:
      return es_document_get_n_spans (document) > 0;

    case ES_COLOR_HEAP_SIZE:
      return has_series (es_document_get_heap_size (document));
    case ES_COLOR_HEAP_LIVE:
      return has_series (es_document_get_heap_live (document));
    case ES_COLOR_ALLOC_RATE:
      return has_series (es_document_get_allocated (document));
    /* A log recorded with `counter`: its rows are the user's to choose. */
    case ES_COLOR_COUNTER:
      return es_document_get_n_counters (document) > 0;

    /* The threads' section, which a Mono log does not have: its rows are
     * its threads already, and say nothing of why one waits. */
    case ES_COLOR_THREAD_RUNNABLE:
    case ES_COLOR_BLOCKED_MVAR:
    case ES_COLOR_BLOCKED_BLACK_HOLE:
    case ES_COLOR_BLOCKED_STM:
    case ES_COLOR_BLOCKED_IO:
    case ES_COLOR_BLOCKED_DELAY:
    case ES_COLOR_BLOCKED_FOREIGN_CALL:
    case ES_COLOR_BLOCKED_OTHER:
    case ES_COLOR_THREAD_SELECTED:
      return !mono && es_document_get_n_threads (document) > 0;

    /* The Profile row, for a -prof run's cost-centre samples. */
    case ES_COLOR_PROFILE_CHOSEN:
      es_document_get_prof_samples (document, ES_PROF_SAMPLES, &n);
      return n > 0 || es_document_has_call_time (document);

    case ES_COLOR_TEXT:
    case ES_COLOR_GRID:
    case ES_N_COLORS:
    default:
      return FALSE;
    }
}

/**
 * es_timeline_key_name:
 *
 * Returns: what @color means on @document's timeline, for the Key: the
 *   colour's name, but for what a Mono log's rows draw otherwise (a
 *   thread is known to be alive and not waiting for a lock, or nothing is
 *   known; its messages are the exceptions it threw)
 */
const char *
es_timeline_key_name (EsDocument *document,
                      EsColor     color)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (color < ES_N_COLORS, NULL);

  if (es_document_get_format (document) == ES_DOCUMENT_MONO_LOG)
    switch (color)
      {
      case ES_COLOR_RUNNING:
        return _("Alive, not waiting for a lock");
      case ES_COLOR_IDLE:
        return _("Waiting for a lock, or not alive");
      case ES_COLOR_USER_MESSAGE:
        return _("Exception thrown");
      case ES_COLOR_PROFILE_CHOSEN:
        return _("Chosen method");
      default:
        break;
      }
  return es_timeline_color_name (color);
}

/**
 * es_timeline_key_heap_profile:
 *
 * Returns: (nullable): what the Heap profile row draws for @document, for
 *   the Key (its bands are named in the row's own legend), or %NULL for a
 *   log without a heap profile, whose Key says nothing of it
 */
const char *
es_timeline_key_heap_profile (EsDocument *document)
{
  guint n;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);

  es_document_get_heap_samples (document, &n);
  if (n == 0)
    return NULL;
  if (es_document_get_format (document) == ES_DOCUMENT_MONO_LOG)
    return _("Heap shots: bytes per class, the largest in colours, the others grey");
  return _("Heap profile: bytes per band, the largest in colours, the others grey");
}
