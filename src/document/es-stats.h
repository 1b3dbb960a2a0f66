/* es-stats.h: the +RTS -s numbers for any interval of a document
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"
#include "es-run-phases.h"

G_BEGIN_DECLS

#define ES_STATS_MAX_GENERATIONS 8

typedef struct
{
  guint   collections;
  guint   par_collections;
  guint64 elapsed;           /* sum of the pauses, ns */
  guint64 max_pause;         /* ns */
} EsGenStats;

typedef struct
{
  guint64 running;           /* ns of each activity in the interval */
  guint64 gc;
  guint64 gc_waiting;
  guint64 exit_suspend;      /* a Mono thread stopped by the suspend at exit */
  guint64 idle;
  guint64 no_data;           /* after the cap's last event, in a log cut short */
  guint64 sparks_created, sparks_converted, sparks_overflowed;
  guint64 sparks_dud, sparks_gcd, sparks_fizzled;
} EsCapStats;

typedef struct
{
  guint64     t0, t1;

  guint64     allocated;              /* bytes allocated in the heap */
  guint64     copied;                 /* bytes copied during GC */
  guint64     max_residency;          /* the largest HEAP_LIVE sample */
  guint       residency_samples;
  guint64     max_slop;
  guint64     max_heap_size;          /* total memory in use */

  guint       n_generations;
  EsGenStats  gen[ES_STATS_MAX_GENERATIONS];
  double      work_balance;           /* 0..1, or < 0 without parallel GCs */
  char       *gc_inconsistency;       /* (nullable): why the GC figures above cannot be trusted, at which GC */

  guint64     total_elapsed;          /* t1 - t0 */
  guint64     gc_elapsed;             /* pauses, clipped to the interval */
  guint64     init_elapsed;           /* the RTS's initialisation in the interval (0 if not known) */
  guint64     exit_elapsed;           /* its exit in the interval, its GC apart (0 if not known) */
  guint64     prof_elapsed;           /* of the GC time, the heap censuses' of a profiled run (PROF) */
  guint64     mut_elapsed;            /* the rest */
  double      alloc_rate;             /* bytes per MUT elapsed second */
  double      productivity;           /* MUT / total, 0..1 */

  guint64     sparks_created, sparks_converted, sparks_overflowed;
  guint64     sparks_dud, sparks_gcd, sparks_fizzled;

  guint       n_caps;
  EsCapStats *caps;                   /* n_caps entries */

  EsRunPhases phases;                 /* the whole run's: where INIT ends and EXIT begins, the tasks */
} EsStats;

/* The pauses of a Mono log in an interval: see es_stats_compute_mono_pauses(). */
typedef struct
{
  guint       n[2];                   /* nursery, major */
  guint64     total[2];
  guint64     max[2];
  guint64     gc;                     /* the pauses counted */
  guint64     mut;                    /* the world not stopped */
  guint64     exit_suspend;           /* waiting for threads to stop at exit */
  double      productivity;           /* mut / (total - exit_suspend) */
  gboolean    exit_suspend_in;        /* whether the suspend at exit is in the interval */
} EsMonoPauses;

void     es_stats_compute     (EsDocument    *document,
                               guint64        t0,
                               guint64        t1,
                               EsStats       *stats);
void     es_stats_clear       (EsStats       *stats);
gboolean es_document_covers_statistics (EsDocument *document,
                                        guint64     t0,
                                        guint64     t1);
char    *es_stats_format_grouped (guint64   value);
void     es_stats_append_text (const EsStats *stats,
                               EsDocument    *document,
                               GString       *out);
void     es_stats_compute_mono_pauses (const EsStats *stats,
                                       EsDocument    *document,
                                       EsMonoPauses  *pauses);
void     es_stats_append_mono_text (const EsStats *stats,
                                    EsDocument    *document,
                                    GString       *out);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (EsStats, es_stats_clear)

G_END_DECLS
