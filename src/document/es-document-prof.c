/* es-document-prof.c: the time profile's samples: interned, merged, indexed
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-builder-private.h"
#include "es-document-prof-private.h"
#include "es-prof-tree-private.h"
#include "es-search.h"


/* The builder's side: tries are interned by (parent, cost centre); whole
 * stacks as the log writes them are looked up first, since a program
 * spends its ticks in few stacks and a walk up a trie per sample would
 * cost a hash lookup per frame. */
struct _EsProfBuild
{
  GHashTable   *nodes;         /* guint64 * (parent << 32 | cc) -> stack + 1 */
  GHashTable   *raw;           /* raw stack (depth byte, then ids) -> stack + 1 */
  GStringChunk *raw_keys;
};

static EsProfData *
prof_data_alloc (void)
{
  EsProfData *prof = g_new0 (EsProfData, 1);

  prof->checkpoint_samples = FIRST_CHECKPOINT_SAMPLES;
  prof->checkpoints = g_ptr_array_new_with_free_func (g_atomic_rc_box_release);
  prof->counted_by_stack = g_array_new (FALSE, TRUE, sizeof (guint32));
  prof->tree = g_array_new (FALSE, FALSE, sizeof (EsProfTreeNode));
  prof->sampled = g_array_new (FALSE, FALSE, sizeof (guint32));
  prof->sampled_in_tree_order = g_array_new (FALSE, FALSE, sizeof (guint32));
  prof->sampled_positions = g_array_new (FALSE, FALSE, sizeof (guint32));
  prof->sampled_depths = g_array_new (FALSE, FALSE, sizeof (guint32));
  prof->sampled_slot_of = g_array_new (FALSE, FALSE, sizeof (guint32));
  prof->cost_centres = g_hash_table_new (NULL, NULL);
  prof->call_streams = g_ptr_array_new_with_free_func (_es_call_stream_unref);
  return prof;
}

EsProfData *
_es_prof_data_new (void)
{
  EsProfData *prof = prof_data_alloc ();
  EsProfStack empty = { ES_PROF_NO_STACK, 0, 0, ES_PROF_NO_STACK, 0, FALSE };

  prof->stacks = g_array_new (FALSE, FALSE, sizeof (EsProfStack));
  g_array_append_val (prof->stacks, empty);
  prof->tree_grower = _es_prof_tree_new ();
  return prof;
}

void
_es_prof_data_free (EsProfData *prof)
{
  if (prof == NULL)
    return;
  g_array_unref (prof->stacks);
  es_vec_clear (&prof->samples, sizeof (EsProfSample));
  g_ptr_array_unref (prof->checkpoints);
  g_array_unref (prof->counted_by_stack);
  g_array_unref (prof->tree);
  g_array_unref (prof->sampled);
  g_array_unref (prof->sampled_in_tree_order);
  g_array_unref (prof->sampled_positions);
  g_array_unref (prof->sampled_depths);
  g_array_unref (prof->sampled_slot_of);
  g_hash_table_unref (prof->cost_centres);
  _es_prof_tree_unref (prof->tree_grower);
  g_ptr_array_unref (prof->call_streams);
  g_free (prof);
}

/* Its samples, none yet, are to live in @file (es_vec_use_file()). */
void
_es_prof_data_use_file (EsProfData *prof,
                        EsVecFile  *file)
{
  es_vec_use_file (&prof->samples, file);
}

/* The samples and stacks a builder has made so far, the samples mapped
 * if they are in a file, and the checkpoints made of those settled;
 * whoever finishes the copy makes the rest of the index. */
EsProfData *
_es_prof_data_copy_unindexed (const EsProfData *prof)
{
  EsProfData *copy = prof_data_alloc ();

  g_return_val_if_fail (prof->tree->len == 0, copy);

  copy->tick_interval = prof->tick_interval;
  /* Its stacks are those of the snapshot before, most of the time: those
   * stop coming early in a run. */
  copy->tree_grower = _es_prof_tree_ref (prof->tree_grower);
  copy->stacks = _es_prof_tree_share_stacks (prof->tree_grower, prof->stacks->len);
  copy->stacks_shared = copy->stacks != NULL;
  if (copy->stacks == NULL)
    copy->stacks = g_array_copy (prof->stacks);
  es_vec_copy (&copy->samples, &prof->samples, sizeof (EsProfSample));
  /* The builder settles those after them in place, next time. */
  es_vec_own (&copy->samples, prof->settled, sizeof (EsProfSample));
  copy->settled = prof->settled;
  copy->checkpoint_samples = prof->checkpoint_samples;
  for (guint j = 0; j < prof->checkpoints->len; j++)
    g_ptr_array_add (copy->checkpoints, g_atomic_rc_box_acquire (g_ptr_array_index (prof->checkpoints, j)));
  g_array_append_vals (copy->counted_by_stack, prof->counted_by_stack->data, prof->counted_by_stack->len);
  copy->counted = prof->counted;
  for (guint i = 0; i < prof->call_streams->len; i++)
    g_ptr_array_add (copy->call_streams, _es_call_stream_ref (g_ptr_array_index (prof->call_streams, i)));
  return copy;
}

static guint
raw_hash (gconstpointer key)
{
  const guint8 *p = key;
  guint h = 5381;

  for (guint i = 0; i < 1u + 4u * p[0]; i++)
    h = h * 33 + p[i];
  return h;
}

/* A frame's key is (parent << 32 | cost centre): g_int64_hash() folds
 * that to parent ^ cost centre, which a program with many stacks makes
 * the same for thousands of frames, and lookups then spent most of the
 * build comparing keys. */
static guint
frame_hash (gconstpointer key)
{
  return (guint) ((*(const guint64 *) key * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 32);
}

static gboolean
raw_equal (gconstpointer a,
           gconstpointer b)
{
  const guint8 *x = a, *y = b;

  return x[0] == y[0] && memcmp (x + 1, y + 1, 4u * x[0]) == 0;
}

EsProfBuild *
_es_prof_build_new (void)
{
  EsProfBuild *build = g_new0 (EsProfBuild, 1);

  build->nodes = g_hash_table_new_full (frame_hash, g_int64_equal, g_free, NULL);
  build->raw = g_hash_table_new (raw_hash, raw_equal);
  build->raw_keys = g_string_chunk_new (4096);
  return build;
}

void
_es_prof_build_free (EsProfBuild *build)
{
  if (build == NULL)
    return;
  g_hash_table_unref (build->nodes);
  g_hash_table_unref (build->raw);
  g_string_chunk_free (build->raw_keys);
  g_free (build);
}

/* The stack @cost_centre inside @parent, made on first sight. */
guint32
_es_prof_intern_frame (EsProfBuild *build,
                       EsProfData  *prof,
                       guint32      parent,
                       guint32      cost_centre)
{
  guint64 key = ((guint64) parent << 32) | cost_centre;
  gpointer found = g_hash_table_lookup (build->nodes, &key);
  EsProfStack stack = { parent, cost_centre, 0, ES_PROF_NO_STACK, 0, FALSE };

  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;

  stack.depth = g_array_index (prof->stacks, EsProfStack, parent).depth + 1;
  /* Whether the cost centre is already on the stack: a recursive frame
   * counts once in its cost centre's inherited total. */
  for (guint32 up = parent; up != ES_PROF_EMPTY_STACK && !stack.repeated;
       up = g_array_index (prof->stacks, EsProfStack, up).parent)
    stack.repeated = g_array_index (prof->stacks, EsProfStack, up).cost_centre == cost_centre;
  g_array_append_val (prof->stacks, stack);
  g_hash_table_insert (build->nodes, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (prof->stacks->len));
  return prof->stacks->len - 1;
}

static guint32
intern_stack (EsProfBuild   *build,
              EsProfData    *prof,
              const EsEvent *e)
{
  guint depth = e->u.cost_centre_sample.depth;
  guint8 raw[1 + 4 * 255];   /* the depth is a byte */
  gpointer found;
  guint32 stack = ES_PROF_EMPTY_STACK;

  raw[0] = depth;
  memcpy (raw + 1, e->u.cost_centre_sample.stack, 4u * depth);
  found = g_hash_table_lookup (build->raw, raw);
  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;

  /* The log lists the stack innermost first. */
  for (guint i = depth; i > 0; i--)
    stack = _es_prof_intern_frame (build, prof, stack, es_event_get_stack_entry (e, i - 1));
  g_hash_table_insert (build->raw,
                       g_string_chunk_insert_len (build->raw_keys, (const char *) raw, 1 + 4u * depth),
                       GUINT_TO_POINTER (stack + 1));
  return stack;
}

/* PROF_BEGIN and PROF_SAMPLE_COST_CENTRE; other events are left alone. */
void
_es_builder_add_prof_event (EsDocumentBuilder *self,
                            const EsEvent     *e)
{
  EsProfData *prof = self->doc->prof;

  if (e->tag == ES_EVENT_PROF_BEGIN)
    prof->tick_interval = e->u.prof_begin.tick_interval;
  else if (e->tag == ES_EVENT_PROF_SAMPLE_COST_CENTRE)
    {
      EsProfSample sample = { e->time, intern_stack (self->prof, prof, e), 0, 0 };

      sample.cap = (guint16) MIN (e->u.cost_centre_sample.cap, G_MAXUINT16);
      *ES_VEC_PUSH (&prof->samples, EsProfSample) = sample;
    }
}

/* A sample a log of another kind names by its frames (@frames, innermost
 * first, as a GHC log lists them): a Mono log's statistical samples. */
void
_es_builder_add_prof_sample (EsDocumentBuilder *self,
                             guint64            time,
                             guint16            cap,
                             const guint32     *frames,
                             guint              depth)
{
  EsProfData *prof = self->doc->prof;
  EsProfSample sample = { time, ES_PROF_EMPTY_STACK, cap, 0 };

  for (guint i = depth; i > 0; i--)
    sample.stack = _es_prof_intern_frame (self->prof, prof, sample.stack, frames[i - 1]);
  *ES_VEC_PUSH (&prof->samples, EsProfSample) = sample;
}

/* A cost centre of a log of another kind: the frames of its samples. */
void
_es_builder_add_cost_centre (EsDocumentBuilder *self,
                             guint32            id,
                             const char        *label,
                             const char        *module,
                             const char        *srcloc)
{
  EsCostCentre cc = {
    id,
    _es_builder_intern (self, label, strlen (label)),
    _es_builder_intern (self, module, strlen (module)),
    _es_builder_intern (self, srcloc, strlen (srcloc)),
    FALSE,
  };

  g_array_append_val (self->doc->cost_centres, cc);
}

/* Sets the time between two samples, for their weight. */
void
_es_builder_set_prof_tick_interval (EsDocumentBuilder *self,
                                    guint64            tick_interval)
{
  self->doc->prof->tick_interval = tick_interval;
}

/* Takes in @other's stacks, re-interned in this builder's trie (parents
 * come first, so each one's parent is mapped by the time it is reached),
 * and its samples with their stacks renumbered. */
void
_es_builder_merge_prof (EsDocumentBuilder *self,
                        EsDocumentBuilder *other)
{
  EsProfData *into = self->doc->prof, *from = other->doc->prof;
  g_autofree guint32 *map = g_new (guint32, from->stacks->len);

  if (from->tick_interval != 0)
    into->tick_interval = from->tick_interval;
  map[0] = ES_PROF_EMPTY_STACK;
  for (guint i = 1; i < from->stacks->len; i++)
    {
      const EsProfStack *stack = &g_array_index (from->stacks, EsProfStack, i);

      map[i] = _es_prof_intern_frame (self->prof, into, map[stack->parent], stack->cost_centre);
    }
  for (guint i = 0; i < from->samples.len; i++)
    {
      EsProfSample sample = ES_VEC_AT (&from->samples, EsProfSample, i);

      sample.stack = map[sample.stack];
      *ES_VEC_PUSH (&into->samples, EsProfSample) = sample;
    }
}

static int
compare_samples (gconstpointer a,
                 gconstpointer b,
                 gpointer      data)
{
  const EsProfSample *x = a, *y = b;

  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return (x->cap > y->cap) - (x->cap < y->cap);
}

/* How many of @samples from @from on are in order, from there. */
static guint
count_sorted (const EsProfSample *samples,
              guint               from,
              guint               n)
{
  guint i = from + 1;

  while (i < n && compare_samples (&samples[i - 1], &samples[i], NULL) <= 0)
    i++;
  return MIN (i, n) - MIN (from, n);
}

/* Sorts samples [@from, n) (stably: the same time and cap keep file order). */
static void
sort_samples (EsVec *samples,
              guint  from)
{
  EsProfSample *data = samples->data;

  if (count_sorted (data, from, samples->len) < samples->len - MIN (from, samples->len))
    g_qsort_with_data (data + from, (gint) (samples->len - from), sizeof (EsProfSample), compare_samples, NULL);
}

/* Counts the samples from the last counted up to @upto (in order, and
 * none to come before them) into the counts by stack, and makes each
 * checkpoint they pass. */
static void
count_samples (EsProfData *prof,
               guint       upto)
{
  const EsProfSample *samples = prof->samples.data;

  if (prof->counted_by_stack->len < prof->stacks->len)
    g_array_set_size (prof->counted_by_stack, prof->stacks->len);
  while (prof->counted < upto)
    {
      guint32 *counts = (guint32 *) (gpointer) prof->counted_by_stack->data;
      guint64 next = ((guint64) prof->counted / prof->checkpoint_samples + 1) * prof->checkpoint_samples;
      guint end = (guint) MIN ((guint64) upto, next);
      Checkpoint *checkpoint;

      for (guint i = prof->counted; i < end; i++)
        counts[samples[i].stack]++;
      prof->counted = end;
      if (end < next)
        break;
      /* Further apart once the counts take more than a byte a sample:
       * every other checkpoint goes. */
      while (prof->counted_by_stack->len * sizeof (guint32) > prof->checkpoint_samples)
        {
          GPtrArray *kept = g_ptr_array_new_with_free_func (g_atomic_rc_box_release);

          for (guint j = 1; j < prof->checkpoints->len; j += 2)
            g_ptr_array_add (kept, g_atomic_rc_box_acquire (g_ptr_array_index (prof->checkpoints, j)));
          g_ptr_array_unref (prof->checkpoints);
          prof->checkpoints = kept;
          prof->checkpoint_samples *= 2;
        }
      if (prof->counted % prof->checkpoint_samples != 0)
        continue;
      checkpoint = g_atomic_rc_box_alloc (sizeof (Checkpoint) + prof->counted_by_stack->len * sizeof (guint32));
      checkpoint->n_stacks = prof->counted_by_stack->len;
      memcpy (checkpoint->counts, counts, checkpoint->n_stacks * sizeof (guint32));
      g_ptr_array_add (prof->checkpoints, checkpoint);
    }
}

/* Moves the samples after the settled ones that are earlier than
 * @before to just after them, in order, and the others after those in the
 * order they came; returns how many moved. */
static guint
settle_samples (EsVec   *samples,
                guint    from,
                guint64  before)
{
  EsProfSample *data = samples->data;
  guint n = samples->len, n_early = 0, n_rest = 0;
  g_autofree EsProfSample *rest = NULL;

  if (from >= n)
    return 0;
  /* Mostly they came in order: those earlier than @before are then where
   * they are. */
  if (count_sorted (data, from, n) == n - from)
    {
      while (from + n_early < n && data[from + n_early].time < before)
        n_early++;
      return n_early;
    }
  rest = g_new (EsProfSample, n - from);
  for (guint i = from; i < n; i++)
    {
      if (data[i].time < before)
        data[from + n_early++] = data[i];
      else
        rest[n_rest++] = data[i];
    }
  g_qsort_with_data (data + from, (gint) n_early, sizeof (EsProfSample), compare_samples, NULL);
  memcpy (data + from + n_early, rest, n_rest * sizeof (EsProfSample));
  return n_early;
}

static void
settle_prof_data (EsProfData *prof,
                  guint64     before)
{
  const EsProfSample *samples = prof->samples.data;
  gboolean late = FALSE;

  /* Any of the others, settled now or not, may be the late one. */
  for (guint i = prof->settled; i < prof->samples.len && prof->settled > 0 && !late; i++)
    late = compare_samples (&samples[prof->settled - 1], &samples[i], NULL) > 0;
  if (late)
    {
      es_vec_leave_region (&prof->samples, sizeof (EsProfSample), TRUE);
      g_ptr_array_set_size (prof->checkpoints, 0);
      g_array_set_size (prof->counted_by_stack, 0);
      prof->checkpoint_samples = FIRST_CHECKPOINT_SAMPLES;
      prof->counted = 0;
      prof->settled = 0;
    }
  prof->settled += settle_samples (&prof->samples, prof->settled, before);
  count_samples (prof, prof->settled);
}

/**
 * _es_builder_settle_prof:
 * @before: no event to come is earlier than this
 *
 * Puts the time profile's samples earlier than @before in order after
 * those settled already, and counts them into the checkpoints, for the
 * copies to share. A sample earlier than those settled (a cap whose first
 * events came late) has them all settled and counted again, in a new
 * region of the records' file if they are in one (the copies map the old):
 * so no copy has one among those it sorts itself.
 */
void
_es_builder_settle_prof (EsDocumentBuilder *self,
                         guint64            before)
{
  settle_prof_data (self->doc->prof, before);
  settle_prof_data (self->doc->calls, before);
}

/**
 * es_cost_centre_is_builtin_root:
 *
 * Whether @cc is one of the RTS's own stacks that are not under MAIN (GC,
 * SYSTEM, OVERHEAD_of, IDLE, PINNED, DONT_CARE): the `.prof` report leaves
 * their ticks out.
 */
gboolean
es_cost_centre_is_builtin_root (const EsCostCentre *cc)
{
  return cc != NULL && g_strcmp0 (cc->srcloc, "<built-in>") == 0 && g_strcmp0 (cc->label, "MAIN") != 0;
}

/* The stacks that samples name, out of every stack of the trie (each
 * frame of a sampled stack is a stack of its own): a program with 50,000
 * distinct stacks 200 deep has millions of frames, and a query that
 * counts into the sampled ones and reaches the frames from them costs
 * what it finds, not what the tree holds. Made once per document from the
 * whole run's counts, on the first query: one pass over the stacks, one
 * over the tree, which a live log's update would otherwise pay each time
 * whether the profile is shown or not. */
static void
index_sampled_stacks (EsProfData *prof)
{
  const guint32 *counts = (const guint32 *) (gpointer) prof->counted_by_stack->data;
  const EsProfTreeNode *tree = (const EsProfTreeNode *) (gpointer) prof->tree->data;
  const EsProfStack *stacks = (const EsProfStack *) (gpointer) prof->stacks->data;
  guint n_stacks = prof->stacks->len, n_counted = MIN (prof->counted_by_stack->len, n_stacks);
  /* MAIN's subtree comes first; the stacks after are under the RTS's own
   * roots, a frame less deep than their stacks */
  guint32 main_end = prof->tree->len > 0 && tree[0].stack == ES_PROF_EMPTY_STACK ? tree[0].end : 0;
  guint32 *slot_of;

  g_array_set_size (prof->sampled, 0);
  g_array_set_size (prof->sampled_in_tree_order, 0);
  g_array_set_size (prof->sampled_positions, 0);
  g_array_set_size (prof->sampled_depths, 0);
  g_array_set_size (prof->sampled_slot_of, n_stacks);
  slot_of = (guint32 *) (gpointer) prof->sampled_slot_of->data;
  for (guint s = 0; s < n_stacks; s++)
    {
      slot_of[s] = ES_PROF_NO_STACK;
      if (s < n_counted && counts[s] > 0)
        {
          slot_of[s] = prof->sampled->len;
          g_array_append_val (prof->sampled, s);
        }
    }
  for (guint at = 0; at < prof->tree->len; at++)
    if (slot_of[tree[at].stack] != ES_PROF_NO_STACK)
      {
        guint32 depth = stacks[tree[at].stack].depth - (at >= main_end ? 1 : 0);

        g_array_append_val (prof->sampled_in_tree_order, slot_of[tree[at].stack]);
        g_array_append_val (prof->sampled_positions, at);
        g_array_append_val (prof->sampled_depths, depth);
      }
}

/* Once every sample is in: the samples in time order, counted at their
 * checkpoints, and the stacks as a tree (es-prof-tree.c). */
static void
index_prof_data (EsDocument *self,
                 EsProfData *prof)
{
  const EsProfSample *samples;
  guint n = prof->samples.len;

  g_return_if_fail (prof->tree_grower != NULL);

  /* Those after the settled ones, which may have come out of order, and
   * none of which is earlier than those (_es_builder_settle_prof()). */
  sort_samples (&prof->samples, prof->settled);
  samples = prof->samples.data;
  g_assert (prof->settled == 0 || prof->settled >= n ||
            compare_samples (&samples[prof->settled - 1], &samples[prof->settled], NULL) <= 0);
  prof->settled = n;
  count_samples (prof, n);

  _es_prof_tree_grow (prof->tree_grower, self->cost_centres, &prof->stacks, prof->stacks_shared, &prof->tree,
                      &prof->cost_centres);
  prof->stacks_shared = TRUE;
  /* Indexed once: the builder, or the next snapshot, keeps what is to grow. */
  g_clear_pointer (&prof->tree_grower, _es_prof_tree_unref);
}

void
_es_document_index_prof (EsDocument *self)
{
  index_prof_data (self, self->prof);
  index_prof_data (self, self->calls);
}

/**
 * es_document_get_prof_samples:
 *
 * Returns: the time profile's samples (PROF_SAMPLE_COST_CENTRE), by time
 */
const EsProfSample *
es_document_get_prof_samples (EsDocument *self,
                              EsProfKind  kind,
                              guint      *n_samples)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  *n_samples = _es_document_prof_data (self, kind)->samples.len;
  return _es_document_prof_data (self, kind)->samples.data;
}

/**
 * es_document_get_prof_stacks:
 *
 * Returns: every cost-centre stack the samples name, and each one's outer
 *   stacks, as a trie (see #EsProfStack); there is always the empty one
 */
const EsProfStack *
es_document_get_prof_stacks (EsDocument *self,
                             EsProfKind  kind,
                             guint      *n_stacks)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  *n_stacks = _es_document_prof_data (self, kind)->stacks->len;
  return (const EsProfStack *) (gpointer) _es_document_prof_data (self, kind)->stacks->data;
}

/**
 * es_document_get_prof_checkpoint_samples:
 *
 * Returns: how many samples apart the checkpoints are (see
 *   es_document_get_prof_counts_before())
 */
guint
es_document_get_prof_checkpoint_samples (EsDocument *self,
                                         EsProfKind  kind)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 1);

  return _es_document_prof_data (self, kind)->checkpoint_samples;
}

/**
 * es_document_get_prof_n_checkpoints:
 *
 * Returns: the checkpoints among the samples: the last is at or before
 *   the last sample
 */
guint
es_document_get_prof_n_checkpoints (EsDocument *self,
                                    EsProfKind  kind)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 0);

  return _es_document_prof_data (self, kind)->checkpoints->len;
}

/**
 * es_document_get_prof_counts_before:
 * @checkpoint: from 1 to es_document_get_prof_n_checkpoints()
 * @n_stacks: (out): the stacks counted; those after have no samples there
 *
 * Returns: (array length=n_stacks): per stack, its own samples among the
 *   first @checkpoint * es_document_get_prof_checkpoint_samples()
 */
const guint32 *
es_document_get_prof_counts_before (EsDocument *self,
                                    EsProfKind  kind,
                                    guint       checkpoint,
                                    guint      *n_stacks)
{
  const Checkpoint *at;
  EsProfData *prof;

  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);
  prof = _es_document_prof_data (self, kind);
  g_return_val_if_fail (checkpoint >= 1 && checkpoint <= prof->checkpoints->len, NULL);

  at = g_ptr_array_index (prof->checkpoints, checkpoint - 1);
  *n_stacks = at->n_stacks;
  return at->counts;
}

/**
 * es_document_get_prof_tree:
 *
 * Returns: every stack as a node of one tree, in pre-order (see
 *   #EsProfTreeNode); position 0 is MAIN, the empty stack
 */
const EsProfTreeNode *
es_document_get_prof_tree (EsDocument *self,
                           EsProfKind  kind,
                           guint      *n_nodes)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  *n_nodes = _es_document_prof_data (self, kind)->tree->len;
  return (const EsProfTreeNode *) (gpointer) _es_document_prof_data (self, kind)->tree->data;
}

/**
 * es_document_get_prof_sampled_stacks:
 * @sampled: (out caller-allocates): the stacks the samples name
 *
 * Gives the stacks that have samples of their own somewhere in the run,
 * out of every stack of the trie, with each one's slot and their order in
 * the tree (see #EsProfSampledStacks). They are found on the first call,
 * once: any thread may ask, and another that asks meanwhile waits.
 */
void
es_document_get_prof_sampled_stacks (EsDocument          *self,
                                     EsProfKind          kind,
                                     EsProfSampledStacks *sampled)
{
  EsProfData *prof;

  g_return_if_fail (ES_IS_DOCUMENT (self));
  g_return_if_fail (sampled != NULL);

  prof = _es_document_prof_data (self, kind);
  if (g_once_init_enter (&prof->sampled_made))
    {
      index_sampled_stacks (prof);
      g_once_init_leave (&prof->sampled_made, 1);
    }
  sampled->n_sampled = prof->sampled->len;
  sampled->stacks = (const guint32 *) (gpointer) prof->sampled->data;
  sampled->in_tree_order = (const guint32 *) (gpointer) prof->sampled_in_tree_order->data;
  sampled->positions = (const guint32 *) (gpointer) prof->sampled_positions->data;
  sampled->depths = (const guint32 *) (gpointer) prof->sampled_depths->data;
  sampled->n_stacks = prof->sampled_slot_of->len;
  sampled->slot_of = (const guint32 *) (gpointer) prof->sampled_slot_of->data;
}

/**
 * es_document_get_prof_tick_interval:
 *
 * Returns: the profiling tick in ns, as PROF_BEGIN says, or 0
 */
guint64
es_document_get_prof_tick_interval (EsDocument *self,
                                    EsProfKind  kind)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 0);

  return _es_document_prof_data (self, kind)->tick_interval;
}

/**
 * es_document_lookup_cost_centre:
 *
 * Returns: (nullable): the definition of cost centre @id, or %NULL when
 *   the log has none
 */
const EsCostCentre *
es_document_lookup_cost_centre (EsDocument *self,
                                guint32     id)
{
  guint index;

  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  index = GPOINTER_TO_UINT (g_hash_table_lookup (self->prof->cost_centres, GUINT_TO_POINTER (id)));
  /* A log with calls and no samples names its methods in the call time's */
  if (index == 0)
    index = GPOINTER_TO_UINT (g_hash_table_lookup (self->calls->cost_centres, GUINT_TO_POINTER (id)));
  return index > 0 ? &g_array_index (self->cost_centres, EsCostCentre, index - 1) : NULL;
}

/* The profile of @kind. */
EsProfData *
_es_document_prof_data (EsDocument *self,
                        EsProfKind  kind)
{
  return kind == ES_PROF_CALL_TIME ? self->calls : self->prof;
}
