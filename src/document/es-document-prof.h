/* es-document-prof.h: the time profile's samples, as the document keeps them
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"

G_BEGIN_DECLS

/* A profiled program run with `+RTS -p -l` writes, at every profiling tick
 * and for every capability, the cost-centre stack it was in
 * (PROF_SAMPLE_COST_CENTRE). The document interns those stacks in a trie:
 * a stack is its innermost cost centre and the stack around it (@parent),
 * so stacks sharing outer frames share records, and a parent's index is
 * always below its children's. Stack 0 is the empty stack: the RTS leaves
 * MAIN out of every stack under it, so a tick spent in MAIN itself is an
 * empty stack, and `GC`, `SYSTEM` and the other built-in roots are
 * outermost frames of their own. */
#define ES_PROF_EMPTY_STACK 0u
#define ES_PROF_NO_STACK    G_MAXUINT32

typedef struct
{
  guint32 parent;        /* ES_PROF_NO_STACK for the empty stack only */
  guint32 cost_centre;   /* the log's cost-centre id (see es_document_lookup_cost_centre()) */
  guint32 depth;         /* frames in the stack, 0 for the empty stack */
  gboolean repeated;     /* @cost_centre is on the stack around it too (recursion) */
} EsProfStack;

typedef struct
{
  guint64 time;
  guint32 stack;         /* index into es_document_get_prof_stacks() */
  guint16 cap;
  guint16 pad;
} EsProfSample;

const EsProfSample *es_document_get_prof_samples        (EsDocument *self,
                                                         guint      *n_samples);
const EsProfStack  *es_document_get_prof_stacks         (EsDocument *self,
                                                         guint      *n_stacks);
const guint32      *es_document_get_prof_sampled_stacks (EsDocument *self,
                                                         guint      *n_stacks);
const guint32      *es_document_get_prof_stack_samples  (EsDocument *self,
                                                         guint32     stack,
                                                         guint      *n_samples);
guint64             es_document_get_prof_tick_interval  (EsDocument *self);
const EsCostCentre *es_document_lookup_cost_centre      (EsDocument *self,
                                                         guint32     id);

G_END_DECLS
