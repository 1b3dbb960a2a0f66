/* es-test-records.c: every record of a document, digested, for tests
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-cap-timeline.h"
#include "es-series.h"
#include "es-test-log.h"
#include "es-test-records.h"

/* es_test_describe_document() says what the statistics and the profile
 * read; two ways of building a log are the same only if each record is:
 * each kind of record is digested field by field (never its bytes, whose
 * padding and bit-fields' spare bits no one writes), with its count, so a
 * difference says where it is. */

typedef struct
{
  GChecksum *checksum;
  guint64    n;
} Digest;

static void
digest_begin (Digest *digest)
{
  digest->checksum = g_checksum_new (G_CHECKSUM_SHA256);
  digest->n = 0;
}

static void
put (Digest  *digest,
     guint64  value)
{
  g_checksum_update (digest->checksum, (const guchar *) &value, sizeof value);
}

static void
put_text (Digest     *digest,
          const char *text)
{
  /* NULL and "" differ; the terminator ends each text. */
  put (digest, text != NULL);
  if (text != NULL)
    g_checksum_update (digest->checksum, (const guchar *) text, (gssize) strlen (text) + 1);
}

/* One line, "@what: count digest", and the digest is done with. */
static void
digest_end (Digest     *digest,
            GString    *out,
            const char *what)
{
  g_string_append_printf (out, "%s: %" G_GUINT64_FORMAT " %.16s\n", what, digest->n,
                          g_checksum_get_string (digest->checksum));
  g_checksum_free (digest->checksum);
}

static void
digest_series (GString        *out,
               const char     *what,
               const EsSeries *series)
{
  Digest d;
  const EsSample *samples = series != NULL ? es_series_get_samples (series) : NULL;

  digest_begin (&d);
  d.n = series != NULL ? es_series_get_length (series) : 0;
  for (guint64 i = 0; i < d.n; i++)
    {
      put (&d, samples[i].time);
      put (&d, samples[i].value);
    }
  digest_end (&d, out, what);
}

static void
digest_cap (GString             *out,
            const EsCapTimeline *cap,
            guint                index)
{
  const EsActivity *activities;
  guint n;
  Digest d;
  g_autofree char *what = NULL;

  g_string_append_printf (out, "cap %u: timeline of cap %u, data end %" G_GUINT64_FORMAT ", samples from %"
                          G_GUINT64_FORMAT ", %u final activities, %u let go\n",
                          index, es_cap_timeline_get_cap (cap), es_cap_timeline_get_data_end (cap),
                          es_cap_timeline_get_samples_from (cap), es_cap_timeline_get_n_final_activities (cap),
                          es_cap_timeline_get_n_let_go (cap));

  activities = es_cap_timeline_get_activities (cap, &n);
  digest_begin (&d);
  d.n = n;
  for (guint i = 0; i < n; i++)
    {
      put (&d, activities[i].kind);
      put (&d, activities[i].stop_status);
      put (&d, activities[i].flags);
      put (&d, activities[i].start);
      put (&d, es_activity_end (&activities[i]));
      put (&d, activities[i].thread);
    }
  what = g_strdup_printf ("cap %u activities", index);
  digest_end (&d, out, what);

  for (EsInstantKind kind = 0; kind < ES_N_INSTANT_KINDS; kind++)
    {
      digest_begin (&d);
      if (ES_INSTANT_KIND_HAS_THREAD (kind))
        {
          const EsInstant *instants = es_cap_timeline_get_instants (cap, kind, &n);

          for (guint i = 0; i < n; i++)
            {
              put (&d, es_cap_timeline_get_instant_time (cap, kind, i));
              put (&d, instants[i].thread);
              put (&d, es_cap_timeline_get_arg (cap, kind, &instants[i]));
            }
        }
      else
        {
          const EsMark *marks = es_cap_timeline_get_marks (cap, kind, &n);

          for (guint i = 0; i < n; i++)
            {
              put (&d, es_mark_time (&marks[i]));
              put (&d, es_cap_timeline_get_mark_arg (cap, kind, &marks[i]));
            }
        }
      d.n = n;
      g_free (what);
      what = g_strdup_printf ("cap %u instants of kind %u", index, kind);
      digest_end (&d, out, what);
    }

  digest_begin (&d);
  d.n = es_cap_timeline_get_n_spark_samples (cap);
  for (guint i = 0; i < d.n; i++)
    {
      EsSparkSample s;

      es_cap_timeline_get_spark_sample (cap, i, &s);
      put (&d, s.time);
      put (&d, s.created);
      put (&d, s.dud);
      put (&d, s.overflowed);
      put (&d, s.converted);
      put (&d, s.gcd);
      put (&d, s.fizzled);
      put (&d, s.remaining);
    }
  g_free (what);
  what = g_strdup_printf ("cap %u spark samples", index);
  digest_end (&d, out, what);

  g_free (what);
  what = g_strdup_printf ("cap %u allocated", index);
  digest_series (out, what, es_cap_timeline_get_allocated (cap));
  g_free (what);
  what = g_strdup_printf ("cap %u spark pool", index);
  digest_series (out, what, es_cap_timeline_get_spark_pool (cap));
}

static void
digest_gcs (GString    *out,
            EsDocument *document)
{
  const EsGc *gcs;
  const EsGcSpan *spans;
  guint n;
  Digest d;

  gcs = es_document_get_gcs (document, &n);
  digest_begin (&d);
  d.n = n;
  for (guint i = 0; i < n; i++)
    {
      const EsGc *gc = &gcs[i];

      put (&d, gc->start);
      put (&d, gc->end);
      put (&d, gc->sync_time);
      put (&d, gc->copied);
      put (&d, gc->slop);
      put (&d, gc->frag);
      put (&d, gc->par_max_copied);
      put (&d, gc->par_tot_copied);
      put (&d, gc->par_balanced_copied);
      put (&d, gc->par_n_threads);
      put (&d, gc->cap);
      put (&d, gc->generation);
    }
  digest_end (&d, out, "GCs");

  spans = es_document_get_gc_spans (document, &n);
  digest_begin (&d);
  d.n = n;
  for (guint i = 0; i < n; i++)
    {
      put (&d, spans[i].start);
      put (&d, spans[i].end);
      put (&d, spans[i].generation);
      put (&d, spans[i].parallel);
    }
  digest_end (&d, out, "GC spans");
}

static void
digest_threads (GString    *out,
                EsDocument *document)
{
  g_autoptr(GArray) states = g_array_new (FALSE, FALSE, sizeof (EsThreadState));
  Digest d, runs, timelines;

  digest_begin (&d);
  digest_begin (&runs);
  digest_begin (&timelines);
  d.n = es_document_get_n_threads (document);
  for (guint i = 0; i < d.n; i++)
    {
      const EsThread *thread = es_document_get_thread (document, i);
      g_autoptr(GArray) thread_runs = es_document_get_thread_runs (document, thread);

      put (&d, thread->id);
      put (&d, thread->n_migrations);
      put (&d, thread->n_wakeups);
      put (&d, thread->created_cap);
      put_text (&d, thread->label);
      put (&d, thread->created);
      runs.n += thread_runs->len;
      for (guint r = 0; r < thread_runs->len; r++)
        {
          put (&runs, g_array_index (thread_runs, EsThreadRun, r).activity);
          put (&runs, g_array_index (thread_runs, EsThreadRun, r).cap);
        }
      g_array_set_size (states, 0);
      es_document_get_thread_timeline (document, thread, states);
      timelines.n += states->len;
      for (guint s = 0; s < states->len; s++)
        {
          const EsThreadState *state = &g_array_index (states, EsThreadState, s);

          put (&timelines, state->time);
          put (&timelines, state->cap);
          put (&timelines, state->state);
          put (&timelines, state->reason);
        }
    }
  digest_end (&d, out, "threads");
  digest_end (&runs, out, "threads' runs");
  digest_end (&timelines, out, "threads' states");
}

static void
digest_user_events (GString           *out,
                    const char        *what,
                    const EsUserEvent *events,
                    guint              n)
{
  Digest d;

  digest_begin (&d);
  d.n = n;
  for (guint i = 0; i < n; i++)
    {
      put (&d, events[i].time);
      put (&d, events[i].cap);
      put (&d, events[i].tag);
      put_text (&d, events[i].text);
    }
  digest_end (&d, out, what);
}

static void
digest_messages (GString    *out,
                 EsDocument *document)
{
  const EsUserEvent *events;
  const EsBinaryMessage *binary;
  guint n;
  Digest d;

  events = es_document_get_messages (document, &n);
  digest_user_events (out, "messages", events, n);
  events = es_document_get_markers (document, &n);
  digest_user_events (out, "markers", events, n);

  digest_begin (&d);
  d.n = es_document_get_n_spans (document);
  for (guint i = 0; i < d.n; i++)
    {
      EsSpan span = es_document_get_span (document, i);

      put (&d, span.start);
      put (&d, span.end);
      put_text (&d, span.name);
      put (&d, span.cap);
      put (&d, span.flags);
    }
  digest_end (&d, out, "spans");

  binary = es_document_get_binary_messages (document, &n);
  digest_begin (&d);
  d.n = n;
  for (guint i = 0; i < n; i++)
    {
      put (&d, binary[i].time);
      put (&d, binary[i].cap);
      put (&d, binary[i].len);
      g_checksum_update (d.checksum, binary[i].data, binary[i].len);
    }
  digest_end (&d, out, "binary messages");
}

static void
digest_process (GString    *out,
                EsDocument *document)
{
  const EsTask *tasks;
  const EsCapset *capsets;
  const EsProcessInfo *process = es_document_get_process (document);
  guint n;
  Digest d;

  tasks = es_document_get_tasks (document, &n);
  digest_begin (&d);
  d.n = n;
  for (guint i = 0; i < n; i++)
    {
      put (&d, tasks[i].task);
      put (&d, tasks[i].kernel_tid);
      put (&d, tasks[i].created);
      put (&d, tasks[i].deleted);
      put (&d, tasks[i].cap);
    }
  digest_end (&d, out, "tasks");

  capsets = es_document_get_capsets (document, &n);
  digest_begin (&d);
  d.n = n;
  for (guint i = 0; i < n; i++)
    {
      put (&d, capsets[i].id);
      put (&d, capsets[i].type);
      put (&d, capsets[i].n_caps);
      put (&d, capsets[i].assigned);
      put (&d, capsets[i].created);
    }
  digest_end (&d, out, "capsets");

  digest_begin (&d);
  put_text (&d, process->program);
  put_text (&d, process->rts_identifier);
  for (guint i = 0; process->args != NULL && process->args[i] != NULL; i++, d.n++)
    put_text (&d, process->args[i]);
  for (guint i = 0; process->env != NULL && process->env[i] != NULL; i++, d.n++)
    put_text (&d, process->env[i]);
  put (&d, process->pid);
  put (&d, process->ppid);
  put (&d, process->wall_clock_sec);
  put (&d, process->wall_clock_nsec);
  put (&d, process->n_generations);
  put (&d, process->max_heap_size);
  put (&d, process->alloc_area_size);
  put (&d, process->mblock_size);
  put (&d, process->block_size);
  digest_end (&d, out, "process");
}

static void
digest_heap (GString    *out,
             EsDocument *document)
{
  const EsHeapProfSample *samples;
  const EsCostCentre *cost_centres;
  guint n;
  Digest d, entries;

  digest_series (out, "heap size", es_document_get_heap_size (document));
  digest_series (out, "heap live", es_document_get_heap_live (document));
  digest_series (out, "blocks size", es_document_get_blocks_size (document));
  digest_series (out, "allocated", es_document_get_allocated (document));
  digest_series (out, "memory returned", es_document_get_mem_returned (document));

  samples = es_document_get_heap_samples (document, &n);
  digest_begin (&d);
  digest_begin (&entries);
  d.n = n;
  for (guint i = 0; i < n; i++)
    {
      const EsHeapProfEntry *entry = es_document_get_heap_entries (document, &samples[i]);

      put (&d, samples[i].time);
      put (&d, samples[i].era);
      put (&d, samples[i].n_entries);
      put (&d, samples[i].census_start);
      put (&d, samples[i].census_end);
      entries.n += samples[i].n_entries;
      for (guint e = 0; e < samples[i].n_entries; e++)
        {
          put (&entries, entry[e].band);
          put (&entries, entry[e].objects);
          put (&entries, entry[e].residency);
        }
    }
  digest_end (&d, out, "heap samples");
  digest_end (&entries, out, "heap entries");

  digest_begin (&d);
  d.n = es_document_get_n_heap_bands (document);
  put (&d, es_document_get_heap_breakdown (document));
  for (guint i = 0; i < d.n; i++)
    put_text (&d, es_document_get_heap_band_name (document, i));
  digest_end (&d, out, "heap bands");

  cost_centres = es_document_get_cost_centres (document, &n);
  digest_begin (&d);
  d.n = n;
  for (guint i = 0; i < n; i++)
    {
      put (&d, cost_centres[i].id);
      put_text (&d, cost_centres[i].label);
      put_text (&d, cost_centres[i].module);
      put_text (&d, cost_centres[i].srcloc);
      put (&d, cost_centres[i].is_caf);
    }
  digest_end (&d, out, "cost centres");
}

/**
 * es_test_digest_records:
 *
 * Returns: es_test_describe_document() of @document, then a line for each
 *   kind of its records (each cap's activities, instants of each kind,
 *   spark samples and series; GCs, threads with their runs and states,
 *   messages, markers, spans, tasks, capsets, the process, heap series,
 *   censuses, cost centres) with their count and a digest of their
 *   fields: two documents give the same text only if all are the same
 */
char *
es_test_digest_records (EsDocument *document)
{
  g_autofree char *described = es_test_describe_document (document);
  GString *out = g_string_new (described);
  const GError *damage = es_document_get_damage (document);
  gint64 stop = -1;
  gboolean truncated = es_document_is_truncated (document, &stop);
  guint runs = 0, gcs = 0, spans = 0;

  es_document_get_closed_at_end (document, &runs, &gcs, &spans);
  g_string_append_printf (out, "format %u, detail from %" G_GUINT64_FORMAT ", truncated %d at %" G_GINT64_FORMAT
                          ", closed at the end: %u runs, %u GCs, %u spans; damage: %s\n",
                          es_document_get_format (document), es_document_get_detail_start (document), truncated,
                          stop, runs, gcs, spans, damage != NULL ? damage->message : "none");
  for (guint i = 0; i < es_document_get_n_caps (document); i++)
    {
      {
        const char *label = es_document_get_cap_label (document, i);

        g_string_append_printf (out, "cap %u label: %s\n", i, label != NULL ? label : "none");
      }
      digest_cap (out, es_document_get_cap (document, i), i);
    }
  digest_gcs (out, document);
  digest_threads (out, document);
  digest_messages (out, document);
  digest_process (out, document);
  digest_heap (out, document);
  return g_string_free (out, FALSE);
}
