/* es-profile.h: where the time went in an interval, from the profile's samples
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"
#include "es-document-prof.h"

G_BEGIN_DECLS

#define ES_PROFILE_NO_FRAME G_MAXUINT32

/* One cost-centre stack of the interval's sample tree, as a line of the
 * RTS's `.prof` report: a frame is a cost centre reached by one path from
 * the outermost frame. The tree is the `.prof`'s: every stack is under MAIN
 * (the log leaves MAIN out of the samples; it is put back here) except
 * those that start at one of the RTS's built-in roots (GC, SYSTEM,
 * OVERHEAD_of, IDLE, ...), which `.prof` does not count.
 *
 * A frame is known by its node: its position in the document's tree of
 * every stack (es_document_get_prof_tree()), which an interval's profile
 * shares rather than copies. The frames with samples are a subtree of it,
 * and es_profile_get_frame() makes any one on demand, its @parent and @end
 * nodes too (the nodes in between without samples are no frames of the
 * interval: a walk skips them, see es_profile_next_frame()). The frames
 * in one array, each index's (es_profile_get_frames(), for the CLI and
 * tests) have @parent and @end as indexes into that array instead. */
typedef struct
{
  guint32             cost_centre;  /* the log's id, G_MAXUINT32 for a MAIN the log never defined */
  const EsCostCentre *cc;           /* its definition, or NULL */
  guint32             parent;       /* its parent, or ES_PROFILE_NO_FRAME for a root */
  guint32             end;          /* its descendants are (itself, end) */
  guint32             depth;        /* 0 for a root */
  guint32             stack;        /* the document's stack (ES_PROF_EMPTY_STACK: MAIN) */
  guint64             individual;   /* samples whose innermost frame this is */
  guint64             inherited;    /* samples with this frame on their stack */
  guint32             node;         /* its position in the document's tree: the frame's id */
} EsProfileFrame;

typedef struct _EsProfileCounts EsProfileCounts;
typedef struct _EsProfileWalk   EsProfileWalk;

/* One cost centre, over every stack it is on. */
typedef struct
{
  guint32             id;
  const EsCostCentre *cc;           /* or NULL */
  guint64             individual;   /* samples it is the innermost frame of */
  guint64             inherited;    /* samples it is anywhere on the stack of, once each */
} EsProfileCostCentre;

/* For call time (ES_PROF_CALL_TIME), a "sample" count is time in ns: a
 * frame's individual time is its self time, its inherited its total. */
typedef struct
{
  guint64  t0, t1;         /* the samples of [t0, t1) */
  EsProfKind kind;
  guint    cap;            /* the cap counted, or ES_PROFILE_ALL_CAPS */
  gboolean weighted;       /* the counts are ns of call time */
  guint64  n_samples;
  guint64  n_main;         /* the samples under MAIN: what `.prof`'s total counts */
  GArray  *cost_centres;   /* EsProfileCostCentre, by individual, then inherited, most first */
  guint32  n_rows;         /* the deepest frame's depth + 1, 0 without frames: a flame
                            * graph's rows, known without a walk over every frame */
  guint32  n_nodes;        /* the document's tree's: every frame's node is below */
  EsDocument      *document; /* (nullable): whose tree the frames are nodes of */
  EsProfileCounts *counts;   /* (nullable): private, each sampled stack's count */
} EsProfile;

/* What the timeline's Profile row shows in a pixel column. */
typedef struct
{
  guint32 n_samples;       /* samples taken in the column */
  guint32 top;             /* the log id of the cost centre most of them were in
                            * (innermost frame), or ES_PROFILE_NO_COST_CENTRE */
  guint32 top_samples;     /* how many */
  guint32 n_chosen;        /* samples with the chosen cost centre anywhere on their stack */
} EsProfileColumn;

#define ES_PROFILE_NO_COST_CENTRE G_MAXUINT32
#define ES_PROFILE_ALL_CAPS       G_MAXUINT

void       es_profile_columns          (EsDocument           *document,
                                        guint64               t0,
                                        guint64               t1,
                                        guint                 cap,
                                        guint32               chosen,
                                        EsProfileColumn      *columns,
                                        guint                 n_columns);
void       es_profile_columns_for      (EsDocument           *document,
                                        EsProfKind            kind,
                                        guint64               t0,
                                        guint64               t1,
                                        guint                 cap,
                                        guint                 n_lanes,
                                        guint32               chosen,
                                        EsProfileColumn      *columns,
                                        guint                 n_columns);
void       es_profile_columns_by_cap   (EsDocument           *document,
                                        guint64               t0,
                                        guint64               t1,
                                        guint                 n_caps,
                                        guint32               chosen,
                                        EsProfileColumn      *columns,
                                        guint                 n_columns);
EsProfile *es_profile_new              (EsDocument           *document,
                                        guint64               t0,
                                        guint64               t1);
EsProfile *es_profile_new_for          (EsDocument           *document,
                                        EsProfKind            kind,
                                        guint                 cap,
                                        guint64               t0,
                                        guint64               t1);
void       es_profile_free             (EsProfile            *profile);
void       es_profile_prepare          (EsDocument           *document,
                                        EsDocument           *previous);
guint64    es_profile_get_inherited    (const EsProfile      *profile,
                                        guint32               node);
gboolean   es_profile_get_frame        (const EsProfile      *profile,
                                        guint32               node,
                                        EsProfileFrame       *frame);
guint32    es_profile_next_frame       (const EsProfile      *profile,
                                        guint32               node,
                                        guint32               end);
GArray    *es_profile_get_frames       (const EsProfile      *profile);
EsProfileWalk *es_profile_walk_new     (const EsProfile      *profile,
                                        guint32               root);
gboolean   es_profile_walk_next        (EsProfileWalk        *walk,
                                        EsProfileFrame       *frame);
void       es_profile_walk_skip_children (EsProfileWalk      *walk);
void       es_profile_walk_free        (EsProfileWalk        *walk);
gboolean   es_profile_is_builtin_root  (const EsCostCentre   *cc);
void       es_profile_append_frame_name (const EsProfileFrame *frame,
                                        GString              *out);
void       es_profile_append_cost_centre_name (const EsProfileCostCentre *cost_centre,
                                               GString                   *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsProfile, es_profile_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsProfileWalk, es_profile_walk_free)

G_END_DECLS
