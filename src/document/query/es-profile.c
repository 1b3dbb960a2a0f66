/* es-profile.c: where the time went in an interval, from the profile's samples
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-profile.h"
#include "es-search.h"

/* Walking the interval's samples costs a few ns each; two binary searches
 * per sampled stack cost a few cache misses each. Below this many samples
 * per sampled stack the walk is the cheaper. */
#define WALK_PER_STACK 16

typedef struct
{
  guint32 stack;
  guint32 count;
} StackCount;

typedef struct
{
  EsProfile          *profile;
  EsDocument         *document;
  const EsProfStack  *stacks;
  guint32            *frame_of;     /* per document stack, or ES_PROFILE_NO_FRAME */
  guint32             main_frame;
  const EsCostCentre *main_cc;
} Build;

/* The first of @n ascending positions that is >= @value. */
static guint
lower_bound_u32 (const guint32 *p,
                 guint          n,
                 guint32        value)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (p[mid] < value)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/**
 * es_profile_is_builtin_root:
 *
 * Whether @cc is one of the RTS's own stacks that are not under MAIN (GC,
 * SYSTEM, OVERHEAD_of, IDLE, PINNED, DONT_CARE): the `.prof` report leaves
 * their ticks out.
 */
gboolean
es_profile_is_builtin_root (const EsCostCentre *cc)
{
  return cc != NULL && g_strcmp0 (cc->srcloc, "<built-in>") == 0 && g_strcmp0 (cc->label, "MAIN") != 0;
}

static guint32
add_frame (Build              *build,
           guint32             parent,
           guint32             cost_centre,
           const EsCostCentre *cc,
           guint32             stack)
{
  GArray *frames = build->profile->frames;
  EsProfileFrame frame = { cost_centre, cc, parent, 0, 0, stack, 0, 0 };

  if (parent != ES_PROFILE_NO_FRAME)
    frame.depth = g_array_index (frames, EsProfileFrame, parent).depth + 1;
  g_array_append_val (frames, frame);
  return frames->len - 1;
}

static guint32
main_frame (Build *build)
{
  if (build->main_frame == ES_PROFILE_NO_FRAME)
    build->main_frame = add_frame (build, ES_PROFILE_NO_FRAME,
                                   build->main_cc != NULL ? build->main_cc->id : G_MAXUINT32,
                                   build->main_cc, ES_PROF_NO_STACK);
  return build->main_frame;
}

/* The frame of document stack @stack, made with its outer frames on first
 * use: parents are made before their children, so a frame's index is
 * above its parent's. */
static guint32
frame_of (Build   *build,
          guint32  stack)
{
  const EsProfStack *s;
  const EsCostCentre *cc;
  guint32 parent;

  if (stack == ES_PROF_EMPTY_STACK)
    return main_frame (build);
  if (build->frame_of[stack] != ES_PROFILE_NO_FRAME)
    return build->frame_of[stack];

  s = &build->stacks[stack];
  cc = es_document_lookup_cost_centre (build->document, s->cost_centre);
  if (s->parent != ES_PROF_EMPTY_STACK)
    parent = frame_of (build, s->parent);
  else
    parent = es_profile_is_builtin_root (cc) ? ES_PROFILE_NO_FRAME : main_frame (build);
  build->frame_of[stack] = add_frame (build, parent, s->cost_centre, cc, stack);
  return build->frame_of[stack];
}

/* The interval's sampled stacks and how many samples each has. */
static GArray *
count_stacks (EsDocument *document,
              guint       i0,
              guint       i1)
{
  GArray *counts = g_array_new (FALSE, FALSE, sizeof (StackCount));
  guint n_samples, n_stacks, n_sampled;
  const EsProfSample *samples = es_document_get_prof_samples (document, &n_samples);
  const guint32 *sampled = es_document_get_prof_sampled_stacks (document, &n_sampled);

  es_document_get_prof_stacks (document, &n_stacks);
  if (i1 - i0 < (guint64) n_sampled * WALK_PER_STACK)
    {
      g_autofree guint32 *tally = g_new0 (guint32, n_stacks);

      for (guint i = i0; i < i1; i++)
        if (tally[samples[i].stack]++ == 0)
          {
            StackCount c = { samples[i].stack, 0 };

            g_array_append_val (counts, c);
          }
      for (guint i = 0; i < counts->len; i++)
        {
          StackCount *c = &g_array_index (counts, StackCount, i);

          c->count = tally[c->stack];
        }
      return counts;
    }

  for (guint k = 0; k < n_sampled; k++)
    {
      guint n;
      const guint32 *positions = es_document_get_prof_stack_samples (document, sampled[k], &n);
      guint first = lower_bound_u32 (positions, n, i0);
      StackCount c = { sampled[k], lower_bound_u32 (positions + first, n - first, i1) };

      if (c.count > 0)
        g_array_append_val (counts, c);
    }
  return counts;
}

static int
compare_siblings (gconstpointer a,
                  gconstpointer b,
                  gpointer      data)
{
  const EsProfileFrame *frames = data;
  const EsProfileFrame *x = &frames[*(const guint32 *) a], *y = &frames[*(const guint32 *) b];
  int order;

  if (x->parent != y->parent)
    return x->parent + 1 < y->parent + 1 ? -1 : 1;   /* roots (G_MAXUINT32) first */
  if (x->inherited != y->inherited)
    return x->inherited > y->inherited ? -1 : 1;
  order = g_strcmp0 (x->cc != NULL ? x->cc->label : NULL, y->cc != NULL ? y->cc->label : NULL);
  if (order == 0)
    order = g_strcmp0 (x->cc != NULL ? x->cc->module : NULL, y->cc != NULL ? y->cc->module : NULL);
  if (order == 0)
    order = (x->cost_centre > y->cost_centre) - (x->cost_centre < y->cost_centre);
  return order;
}

/* Puts the frames in pre-order, siblings by compare_siblings(), and fills
 * in each one's end. */
static void
order_frames (EsProfile *profile)
{
  guint n = profile->frames->len;
  const EsProfileFrame *in = (const EsProfileFrame *) (gpointer) profile->frames->data;
  g_autofree guint32 *by_parent = g_new (guint32, n);
  g_autofree guint32 *first_child = g_new (guint32, n + 1);
  g_autofree guint32 *n_children = g_new0 (guint32, n + 1);
  g_autofree guint32 *new_index = g_new (guint32, n);
  g_autofree guint32 *todo = g_new (guint32, n);
  GArray *out = g_array_sized_new (FALSE, FALSE, sizeof (EsProfileFrame), n);
  guint n_todo = 0;

  /* Children of frame p are by_parent[first_child[p] ..], p = n for roots. */
  for (guint i = 0; i < n; i++)
    {
      by_parent[i] = i;
      n_children[in[i].parent == ES_PROFILE_NO_FRAME ? n : in[i].parent]++;
    }
  g_qsort_with_data (by_parent, (gint) n, sizeof (guint32), compare_siblings, (gpointer) in);
  /* Roots come first in by_parent, then each parent's children in the
   * order of the parents' indexes. */
  {
    guint at = n_children[n];

    for (guint p = 0; p < n; p++)
      {
        first_child[p] = at;
        at += n_children[p];
      }
  }

  for (guint r = n_children[n]; r > 0; r--)
    todo[n_todo++] = by_parent[r - 1];
  while (n_todo > 0)
    {
      guint32 old = todo[--n_todo];
      EsProfileFrame frame = in[old];

      new_index[old] = out->len;
      if (frame.parent != ES_PROFILE_NO_FRAME)
        frame.parent = new_index[frame.parent];
      g_array_append_val (out, frame);
      for (guint c = n_children[old]; c > 0; c--)
        todo[n_todo++] = by_parent[first_child[old] + c - 1];
    }

  /* A frame's subtree ends where the next frame at its depth or above starts. */
  {
    EsProfileFrame *f = (EsProfileFrame *) (gpointer) out->data;

    for (guint i = n; i > 0; i--)
      {
        guint32 end = i;

        while (end < n && f[end].depth > f[i - 1].depth)
          end = f[end].end;
        f[i - 1].end = end;
      }
  }
  g_array_unref (profile->frames);
  profile->frames = out;
}

static int
compare_cost_centres (gconstpointer a,
                      gconstpointer b)
{
  const EsProfileCostCentre *x = a, *y = b;

  if (x->individual != y->individual)
    return x->individual > y->individual ? -1 : 1;
  if (x->inherited != y->inherited)
    return x->inherited > y->inherited ? -1 : 1;
  return (x->id > y->id) - (x->id < y->id);
}

/* Per cost centre: its frames' individual samples, and the inherited
 * samples of its outermost frames on each path (a recursive cost centre's
 * inner frames are inside its outer ones and would count twice). */
static void
sum_cost_centres (EsProfile         *profile,
                  const EsProfStack *stacks)
{
  g_autoptr(GHashTable) index = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < profile->frames->len; i++)
    {
      const EsProfileFrame *f = &g_array_index (profile->frames, EsProfileFrame, i);
      gpointer at;
      EsProfileCostCentre *c;

      if (!g_hash_table_lookup_extended (index, GUINT_TO_POINTER (f->cost_centre), NULL, &at))
        {
          EsProfileCostCentre fresh = { f->cost_centre, f->cc, 0, 0 };

          at = GUINT_TO_POINTER (profile->cost_centres->len);
          g_array_append_val (profile->cost_centres, fresh);
          g_hash_table_insert (index, GUINT_TO_POINTER (f->cost_centre), at);
        }
      c = &g_array_index (profile->cost_centres, EsProfileCostCentre, GPOINTER_TO_UINT (at));
      c->individual += f->individual;
      if (f->stack == ES_PROF_NO_STACK || !stacks[f->stack].repeated)
        c->inherited += f->inherited;
    }
  g_array_sort (profile->cost_centres, compare_cost_centres);
}

static const EsCostCentre *
find_main (EsDocument *document)
{
  guint n;
  const EsCostCentre *ccs = es_document_get_cost_centres (document, &n);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (ccs[i].label, "MAIN") == 0 && g_strcmp0 (ccs[i].module, "MAIN") == 0)
      return &ccs[i];
  return NULL;
}

/**
 * es_profile_new:
 *
 * The profile of the samples taken in [@t0, @t1): each frame's individual
 * and inherited samples, and each cost centre's. Costs, besides the
 * frames it returns, O(min (samples in the interval, stacks with samples
 * × log samples)): every stack's samples are indexed by position, so a
 * long interval is counted per stack, not per sample.
 *
 * Returns: (transfer full): the profile
 */
EsProfile *
es_profile_new (EsDocument *document,
                guint64     t0,
                guint64     t1)
{
  EsProfile *profile = g_new0 (EsProfile, 1);
  g_autoptr(GArray) counts = NULL;
  g_autofree guint32 *frame_index = NULL;
  const EsProfSample *samples;
  guint n_samples, n_stacks, i0, i1;
  Build build = { 0 };
  EsProfileFrame *frames;

  profile->t0 = t0;
  profile->t1 = t1;
  profile->frames = g_array_new (FALSE, FALSE, sizeof (EsProfileFrame));
  profile->cost_centres = g_array_new (FALSE, FALSE, sizeof (EsProfileCostCentre));
  g_return_val_if_fail (ES_IS_DOCUMENT (document), profile);

  samples = es_document_get_prof_samples (document, &n_samples);
  if (n_samples == 0 || t1 <= t0)
    return profile;
  i0 = es_search_lower_bound (samples, n_samples, sizeof (EsProfSample), G_STRUCT_OFFSET (EsProfSample, time), t0);
  i1 = es_search_lower_bound (samples, n_samples, sizeof (EsProfSample), G_STRUCT_OFFSET (EsProfSample, time), t1);
  if (i1 <= i0)
    return profile;
  counts = count_stacks (document, i0, i1);

  build.profile = profile;
  build.document = document;
  build.stacks = es_document_get_prof_stacks (document, &n_stacks);
  build.frame_of = frame_index = g_new (guint32, n_stacks);
  memset (frame_index, 0xff, n_stacks * sizeof (guint32));
  build.main_frame = ES_PROFILE_NO_FRAME;
  build.main_cc = find_main (document);

  for (guint i = 0; i < counts->len; i++)
    {
      const StackCount *c = &g_array_index (counts, StackCount, i);
      guint32 f = frame_of (&build, c->stack);

      g_array_index (profile->frames, EsProfileFrame, f).individual += c->count;
      profile->n_samples += c->count;
    }
  /* Children come after their parents: one backward pass sums them up. */
  frames = (EsProfileFrame *) (gpointer) profile->frames->data;
  for (guint i = profile->frames->len; i > 0; i--)
    {
      EsProfileFrame *f = &frames[i - 1];

      f->inherited += f->individual;
      if (f->parent != ES_PROFILE_NO_FRAME)
        frames[f->parent].inherited += f->inherited;
    }
  if (build.main_frame != ES_PROFILE_NO_FRAME)
    profile->n_main = frames[build.main_frame].inherited;

  order_frames (profile);
  sum_cost_centres (profile, build.stacks);
  return profile;
}

void
es_profile_free (EsProfile *profile)
{
  if (profile == NULL)
    return;
  g_array_unref (profile->frames);
  g_array_unref (profile->cost_centres);
  g_free (profile);
}

/**
 * es_profile_append_frame_name:
 *
 * Appends "label (Module)", or what is known of it: "MAIN" for a MAIN the
 * log never defined, "#id" for a cost centre without its definition.
 */
void
es_profile_append_frame_name (const EsProfileFrame *frame,
                              GString              *out)
{
  if (frame->cc != NULL)
    g_string_append_printf (out, "%s (%s)", frame->cc->label, frame->cc->module);
  else if (frame->stack == ES_PROF_NO_STACK)
    g_string_append (out, "MAIN");
  else
    g_string_append_printf (out, "#%u", frame->cost_centre);
}
