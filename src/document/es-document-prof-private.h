/* es-document-prof-private.h: the time profile's data, shared by the
 * samples' code (es-document-prof.c) and the call time's
 * (es-document-calltime.c)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document-prof.h"
#include "es-prof-tree-private.h"
#include "es-vec.h"

G_BEGIN_DECLS

/* A query counts each stack's own samples in an interval: the samples are
 * in time order, so that is the difference of the counts before its two
 * ends. Those counts are kept at checkpoints, every so many samples, and
 * the few samples between a checkpoint and an end are walked. Checkpoints
 * only ever add to the end: a live log's builder makes them as its
 * samples settle (nothing to come is earlier), and its copies share them
 * by reference and its samples by mapping, where a copy used to copy
 * every sample and sort them all by stack, a snapshot a time. They are
 * at least FIRST_CHECKPOINT_SAMPLES apart, and far enough apart that
 * their counts take a byte a sample at most: a program with many stacks
 * has them further apart. */
#define FIRST_CHECKPOINT_SAMPLES 16384u

typedef struct
{
  guint   n_stacks;
  guint32 counts[];       /* per stack: its own samples before the checkpoint */
} Checkpoint;

struct _EsProfData
{
  /* Call time (ES_PROF_CALL_TIME): each sample is a stretch of one
   * thread's time with the same stack, from its time on for its weight,
   * and the checkpoints keep each stack's time up to them as well. */
  gboolean    weighted;
  EsVec       weights;         /* guint64 per sample: its stretch's length, ns */
  GPtrArray  *time_checkpoints; /* EsProfTimeCheckpoint in atomic rc boxes, beside @checkpoints */
  GArray     *time_by_stack;   /* guint64 per stack: the whole stretches among the first @counted */
  GArray     *open;            /* guint32: stretches that may reach past the last time checkpoint */

  guint64     tick_interval;   /* PROF_BEGIN, ns; 0 when the log lacks it */
  GArray     *stacks;          /* EsProfStack, [0] the empty stack */
  gboolean    stacks_shared;   /* with the documents before: not to be written */
  EsProfTree *tree_grower;     /* (nullable): until indexed, where the tree is grown */
  EsVec       samples;         /* EsProfSample, by time once indexed */
  guint       settled;         /* the first samples, in order and earlier than any to come */
  guint       checkpoint_samples; /* samples between checkpoints */
  GPtrArray  *checkpoints;     /* Checkpoint in atomic rc boxes: [j] is at (j + 1) * checkpoint_samples */
  GArray     *counted_by_stack; /* guint32 per stack: its own samples among the first @counted */
  guint       counted;
  GArray     *tree;            /* EsProfTreeNode, see es_document_get_prof_tree(); shared */
  gsize       sampled_made;    /* the three below are made (g_once_init_enter()) */
  GArray     *sampled;         /* guint32: the stacks samples name, by index */
  GArray     *sampled_in_tree_order; /* guint32: indexes into @sampled, by tree position */
  GArray     *sampled_slot_of; /* guint32 per stack: its index in @sampled, or ES_PROF_NO_STACK */
  GHashTable *cost_centres;    /* id -> index + 1 in the document's cost centres; shared */
};


/* Each stack's time before a checkpoint's time: the stretches that start
 * before it, each cut there, and those among them that go on past it. */
typedef struct
{
  guint64 time;           /* the start of the last sample before the checkpoint */
  guint   n_stacks;
  guint   n_open;
  guint64 *time_before;   /* per stack, into @data */
  guint32 *open;          /* sample indexes, into @data */
  guint64 data[];
} EsProfTimeCheckpoint;

void _es_prof_data_init_weights (EsProfData *prof);
void _es_prof_data_copy_weights (EsProfData       *copy,
                                 const EsProfData *prof);
void _es_prof_data_clear_weights (EsProfData *prof);
void _es_prof_sort_weighted      (EsProfData *prof,
                                  guint       from);
guint _es_prof_settle_weighted   (EsProfData *prof,
                                  guint       from,
                                  guint64     before);
void _es_prof_count_time         (EsProfData *prof,
                                  guint       from,
                                  guint       to,
                                  gboolean    checkpoint);
void _es_prof_thin_time_checkpoints (EsProfData *prof);
void _es_prof_reset_time         (EsProfData *prof);

G_END_DECLS
