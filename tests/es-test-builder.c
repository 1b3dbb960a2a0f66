/* es-test-builder.c: documents built from events told to a builder
 * directly, with no log written, and the brute-force answers tests hold
 * documents to
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-test-log.h"

/* Tells @builder the definition of cost centre @id, as the RTS's
 * HEAP_PROF_COST_CENTRE does. */
void
es_test_define_cost_centre (EsDocumentBuilder *builder,
                            guint32            id,
                            const char        *label,
                            const char        *module,
                            const char        *srcloc)
{
  EsEvent e = { 0 };

  e.tag = ES_EVENT_HEAP_PROF_COST_CENTRE;
  e.cap = ES_CAP_NONE;
  e.u.cost_centre.id = id;
  e.u.cost_centre.label = (EsBytes) { label, strlen (label) };
  e.u.cost_centre.module = (EsBytes) { module, strlen (module) };
  e.u.cost_centre.srcloc = (EsBytes) { srcloc, strlen (srcloc) };
  es_document_builder_add (builder, &e);
}

/* A GHC stack sample (PROF_SAMPLE_COST_CENTRE): @ids innermost first, as
 * the RTS writes them. */
void
es_test_add_prof_sample (EsDocumentBuilder *builder,
                         guint64            time,
                         guint16            cap,
                         const guint32     *ids,
                         guint              depth)
{
  guint8 stack[4 * 255];
  EsEvent e = { 0 };

  g_assert_cmpuint (depth, <=, 255);
  for (guint i = 0; i < depth; i++)
    {
      stack[4 * i] = ids[i] >> 24;
      stack[4 * i + 1] = ids[i] >> 16;
      stack[4 * i + 2] = ids[i] >> 8;
      stack[4 * i + 3] = ids[i];
    }
  e.tag = ES_EVENT_PROF_SAMPLE_COST_CENTRE;
  e.time = time;
  e.cap = ES_CAP_NONE;
  e.u.cost_centre_sample.cap = cap;
  e.u.cost_centre_sample.depth = depth;
  e.u.cost_centre_sample.stack = stack;
  es_document_builder_add (builder, &e);
}

/* A snapshot of @builder, and the document of the same @events (EsEvent,
 * all it was given) finished whole, to compare. */
void
es_test_snapshot_and_whole (EsDocumentBuilder  *builder,
                            GArray             *events,
                            EsDocument        **snapshot,
                            EsDocument        **whole)
{
  g_autoptr(EsDocumentBuilder) again = es_document_builder_new ();

  *snapshot = es_document_builder_snapshot (builder, TRUE, -1);
  for (guint i = 0; i < events->len; i++)
    es_document_builder_add (again, &g_array_index (events, EsEvent, i));
  *whole = es_document_builder_finish (again, TRUE, -1);
}

/* Gives @builder an event of @tag at @time on @cap, a GC's or one with no
 * payload (GC_STATS copying a byte), and keeps it in @events. */
void
es_test_add_gc_event (EsDocumentBuilder *builder,
                      GArray            *events,
                      guint              cap,
                      guint64            time,
                      EsEventTag         tag)
{
  EsEvent e = { 0 };

  e.cap = cap;
  e.time = time;
  e.tag = tag;
  if (tag == ES_EVENT_GC_STATS_GHC)
    e.u.gc_stats.copied = 1;
  es_document_builder_add (builder, &e);
  g_array_append_val (events, e);
}

static void
add_scheduler_event (EsDocumentBuilder *builder,
                     guint16            cap,
                     guint64            time,
                     EsEventTag         tag,
                     guint32            thread,
                     guint16            status)
{
  EsEvent e = { 0 };

  e.cap = cap;
  e.time = time;
  e.tag = tag;
  if (tag == ES_EVENT_STOP_THREAD)
    {
      e.u.stop.thread = thread;
      e.u.stop.status = status;
    }
  else
    e.u.thread.thread = thread;
  es_document_builder_add (builder, &e);
}

/**
 * es_test_cut_log_builder:
 *
 * A log cut short, its events added, to be finished: HEC 0 runs thread 1
 * from 0 to ES_TEST_CUT_LOG_END (the log's last event) but for a yield at
 * 900-950; HEC 1 runs thread 2 from 100 and, its buffer not written yet
 * when the log was cut, says nothing after an event at
 * ES_TEST_CUT_LOG_HEC1_LAST.
 *
 * Returns: (transfer full): the builder
 */
EsDocumentBuilder *
es_test_cut_log_builder (void)
{
  EsDocumentBuilder *builder = es_document_builder_new ();

  add_scheduler_event (builder, 0, 0, ES_EVENT_CREATE_THREAD, 1, 0);
  add_scheduler_event (builder, 0, 0, ES_EVENT_RUN_THREAD, 1, 0);
  add_scheduler_event (builder, 1, 50, ES_EVENT_CREATE_THREAD, 2, 0);
  add_scheduler_event (builder, 1, 100, ES_EVENT_RUN_THREAD, 2, 0);
  add_scheduler_event (builder, 1, ES_TEST_CUT_LOG_HEC1_LAST, ES_EVENT_CREATE_THREAD, 3, 0);
  add_scheduler_event (builder, 0, 900, ES_EVENT_STOP_THREAD, 1, ES_STOP_THREAD_YIELDING);
  add_scheduler_event (builder, 0, 950, ES_EVENT_RUN_THREAD, 1, 0);
  add_scheduler_event (builder, 0, ES_TEST_CUT_LOG_END, ES_EVENT_CREATE_THREAD, 4, 0);
  return builder;
}

/* A random run of 400 steps on each of @n_caps caps (a run, a GC's six
 * phases, a thread created or a message, or spark counters and the heap
 * size), finished. */
EsDocument *
es_test_random_document (GRand *rand,
                         guint  n_caps)
{
  g_autoptr(EsDocumentBuilder) builder = es_document_builder_new ();

  for (guint cap = 0; cap < n_caps; cap++)
    {
      guint64 t = g_rand_int_range (rand, 0, 1000);
      guint64 created = 0, converted = 0;

      for (guint i = 0; i < 400; i++)
        {
          EsEvent e = { 0 };
          guint choice = g_rand_int_range (rand, 0, 10);

          e.cap = cap;
          t += g_rand_int_range (rand, 0, 5000);
          if (choice < 5)
            {
              e.tag = ES_EVENT_RUN_THREAD;
              e.time = t;
              e.u.thread.thread = g_rand_int_range (rand, 1, 20);
              es_document_builder_add (builder, &e);
              e.tag = ES_EVENT_STOP_THREAD;
              e.time = t += g_rand_int_range (rand, 0, 20000);
              e.u.stop.status = ES_STOP_HEAP_OVERFLOW;
              es_document_builder_add (builder, &e);
            }
          else if (choice < 7)
            {
              static const guint16 phases[] = { ES_EVENT_GC_START, ES_EVENT_GC_WORK, ES_EVENT_GC_IDLE,
                                                ES_EVENT_GC_WORK, ES_EVENT_GC_DONE, ES_EVENT_GC_END };

              for (guint p = 0; p < G_N_ELEMENTS (phases); p++)
                {
                  e.tag = phases[p];
                  e.time = t += g_rand_int_range (rand, 0, 3000);
                  es_document_builder_add (builder, &e);
                }
            }
          else if (choice < 9)
            {
              e.tag = g_rand_boolean (rand) ? ES_EVENT_CREATE_THREAD : ES_EVENT_USER_MSG;
              e.time = t;
              e.u.text.data = "hello";
              e.u.text.len = 5;
              es_document_builder_add (builder, &e);
            }
          else
            {
              e.tag = ES_EVENT_SPARK_COUNTERS;
              e.time = t;
              e.u.spark_counters.created = created += g_rand_int_range (rand, 0, 100);
              e.u.spark_counters.converted = converted += g_rand_int_range (rand, 0, 50);
              e.u.spark_counters.remaining = g_rand_int_range (rand, 0, 80);
              es_document_builder_add (builder, &e);
              e.tag = ES_EVENT_HEAP_SIZE;
              e.u.heap.bytes = g_rand_int_range (rand, 1, 1 << 30);
              es_document_builder_add (builder, &e);
            }
        }
    }
  return es_document_builder_finish (builder, FALSE, 0);
}

/* The time @tl spent in @kind between @a and @b, from every activity. */
guint64
es_test_brute_overlap (const EsCapTimeline *tl,
                       EsActivityKind       kind,
                       guint64              a,
                       guint64              b)
{
  guint n;
  const EsActivity *act = es_cap_timeline_get_activities (tl, &n);
  guint64 total = 0;

  for (guint i = 0; i < n; i++)
    if (act[i].kind == kind)
      {
        guint64 lo = MAX (act[i].start, a), hi = MIN (es_activity_end (&act[i]), b);

        total += hi > lo ? hi - lo : 0;
      }
  return total;
}
