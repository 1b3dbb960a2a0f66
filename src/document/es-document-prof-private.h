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
  /* Call time (ES_PROF_CALL_TIME) has no samples: each thread's changes
   * of stack, one stream a thread (es-document-calltime.c). */
  GPtrArray  *call_streams;    /* EsCallStream */

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
  GArray     *sampled_positions; /* guint32: the tree positions of those, ascending */
  GArray     *sampled_depths;  /* guint32: their depths in the tree, in that order */
  GArray     *sampled_slot_of; /* guint32 per stack: its index in @sampled, or ES_PROF_NO_STACK */
  GHashTable *cost_centres;    /* id -> index + 1 in the document's cost centres; shared */
};


typedef struct _EsCallStream EsCallStream;

EsCallStream *_es_call_stream_ref   (EsCallStream *stream);
void          _es_call_stream_unref (gpointer      stream);

G_END_DECLS
