/* es-document-prof.c: the time profile's samples: interned, merged, indexed
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-builder-private.h"
#include "es-document-prof.h"
#include "es-search.h"

struct _EsProfData
{
  guint64     tick_interval;   /* PROF_BEGIN, ns; 0 when the log lacks it */
  GArray     *stacks;          /* EsProfStack, [0] the empty stack */
  GArray     *samples;         /* EsProfSample, by time once indexed */
  /* Each stack's samples, as positions in @samples, ascending: those of
   * stack s are by_stack[offsets[s] .. offsets[s + 1]). Counting a stack's
   * samples in an interval is two binary searches in its own range. */
  GArray     *offsets;         /* guint32, stacks + 1 */
  GArray     *by_stack;        /* guint32 */
  GArray     *sampled;         /* guint32: the stacks with samples */
  GArray     *tree;            /* EsProfTreeNode, see es_document_get_prof_tree() */
  GHashTable *cost_centres;    /* id -> index + 1 in the document's cost centres */
};

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

EsProfData *
_es_prof_data_new (void)
{
  EsProfData *prof = g_new0 (EsProfData, 1);
  EsProfStack empty = { ES_PROF_NO_STACK, 0, 0, ES_PROF_NO_STACK, 0, FALSE };

  prof->stacks = g_array_new (FALSE, FALSE, sizeof (EsProfStack));
  g_array_append_val (prof->stacks, empty);
  prof->samples = g_array_new (FALSE, FALSE, sizeof (EsProfSample));
  prof->offsets = g_array_new (FALSE, TRUE, sizeof (guint32));
  prof->by_stack = g_array_new (FALSE, FALSE, sizeof (guint32));
  prof->sampled = g_array_new (FALSE, FALSE, sizeof (guint32));
  prof->tree = g_array_new (FALSE, FALSE, sizeof (EsProfTreeNode));
  prof->cost_centres = g_hash_table_new (NULL, NULL);
  return prof;
}

void
_es_prof_data_free (EsProfData *prof)
{
  if (prof == NULL)
    return;
  g_array_unref (prof->stacks);
  g_array_unref (prof->samples);
  g_array_unref (prof->offsets);
  g_array_unref (prof->by_stack);
  g_array_unref (prof->sampled);
  g_array_unref (prof->tree);
  g_hash_table_unref (prof->cost_centres);
  g_free (prof);
}

/* The samples and stacks a builder has made so far; the indexes are made
 * by whoever finishes the copy. */
EsProfData *
_es_prof_data_copy_unindexed (const EsProfData *prof)
{
  EsProfData *copy = g_new0 (EsProfData, 1);
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (prof->tree->len == 0, copy);

  copy->tick_interval = prof->tick_interval;
  copy->stacks = g_array_copy (prof->stacks);
  copy->samples = g_array_copy (prof->samples);
  copy->offsets = g_array_new (FALSE, TRUE, sizeof (guint32));
  copy->by_stack = g_array_new (FALSE, FALSE, sizeof (guint32));
  copy->sampled = g_array_new (FALSE, FALSE, sizeof (guint32));
  copy->tree = g_array_new (FALSE, FALSE, sizeof (EsProfTreeNode));
  copy->cost_centres = g_hash_table_new (NULL, NULL);
  g_hash_table_iter_init (&iter, prof->cost_centres);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (copy->cost_centres, key, value);
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

  build->nodes = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
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
static guint32
intern_frame (EsProfBuild *build,
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
    stack = intern_frame (build, prof, stack, es_event_get_stack_entry (e, i - 1));
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
      g_array_append_val (prof->samples, sample);
    }
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

      map[i] = intern_frame (self->prof, into, map[stack->parent], stack->cost_centre);
    }
  for (guint i = 0; i < from->samples->len; i++)
    {
      EsProfSample sample = g_array_index (from->samples, EsProfSample, i);

      sample.stack = map[sample.stack];
      g_array_append_val (into->samples, sample);
    }
}

static int
compare_samples (gconstpointer a,
                 gconstpointer b)
{
  const EsProfSample *x = a, *y = b;

  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return (x->cap > y->cap) - (x->cap < y->cap);
}

static gboolean
samples_sorted (GArray *samples)
{
  for (guint i = 1; i < samples->len; i++)
    if (compare_samples (&g_array_index (samples, EsProfSample, i - 1),
                         &g_array_index (samples, EsProfSample, i)) > 0)
      return FALSE;
  return TRUE;
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

static const EsCostCentre *
stack_cc (EsDocument        *self,
          const EsProfStack *stack)
{
  return stack->cc_index != ES_PROF_NO_STACK ? &g_array_index (self->cost_centres, EsCostCentre, stack->cc_index) : NULL;
}

static int
compare_by_name (gconstpointer a,
                 gconstpointer b,
                 gpointer      data)
{
  EsDocument *self = data;
  const EsProfStack *stacks = (const EsProfStack *) (gpointer) self->prof->stacks->data;
  const EsProfStack *x = &stacks[*(const guint32 *) a], *y = &stacks[*(const guint32 *) b];
  const EsCostCentre *cx = stack_cc (self, x), *cy = stack_cc (self, y);
  int order;

  /* MAIN (the empty stack) first among the roots. */
  if ((x->depth == 0) != (y->depth == 0))
    return x->depth == 0 ? -1 : 1;
  order = g_strcmp0 (cx != NULL ? cx->label : NULL, cy != NULL ? cy->label : NULL);
  if (order == 0)
    order = g_strcmp0 (cx != NULL ? cx->module : NULL, cy != NULL ? cy->module : NULL);
  if (order == 0)
    order = (x->cost_centre > y->cost_centre) - (x->cost_centre < y->cost_centre);
  return order;
}

/* The stacks as one tree in pre-order (see es_document_get_prof_tree()):
 * children grouped by parent in a counting pass, each group sorted by name,
 * then a depth-first walk. */
static void
build_tree (EsDocument *self)
{
  EsProfData *prof = self->prof;
  guint n = prof->stacks->len;
  EsProfStack *stacks = (EsProfStack *) (gpointer) prof->stacks->data;
  g_autofree guint32 *parent = g_new (guint32, n);
  g_autofree guint32 *first = g_new0 (guint32, n + 2);
  g_autofree guint32 *children = g_new (guint32, n);
  g_autofree guint32 *next = NULL;
  g_autofree guint32 *todo = g_new (guint32, n);
  EsProfTreeNode *tree;
  guint n_todo = 0;

  /* Slot n holds the roots. */
  for (guint s = 0; s < n; s++)
    {
      parent[s] = stacks[s].parent;
      if (s == ES_PROF_EMPTY_STACK ||
          (stacks[s].parent == ES_PROF_EMPTY_STACK && es_cost_centre_is_builtin_root (stack_cc (self, &stacks[s]))))
        parent[s] = n;
      first[parent[s] + 1]++;
    }
  for (guint p = 0; p <= n; p++)
    first[p + 1] += first[p];
  next = g_memdup2 (first, (n + 1) * sizeof (guint32));
  for (guint s = 0; s < n; s++)
    children[next[parent[s]]++] = s;
  for (guint p = 0; p <= n; p++)
    if (first[p + 1] - first[p] > 1)
      g_qsort_with_data (children + first[p], (gint) (first[p + 1] - first[p]), sizeof (guint32),
                         compare_by_name, self);

  g_array_set_size (prof->tree, n);
  tree = (EsProfTreeNode *) (gpointer) prof->tree->data;
  for (guint c = first[n + 1]; c > first[n]; c--)
    todo[n_todo++] = children[c - 1];
  for (guint at = 0; n_todo > 0; at++)
    {
      guint32 s = todo[--n_todo];

      stacks[s].position = at;
      tree[at].stack = s;
      tree[at].parent = parent[s] == n ? ES_PROF_NO_STACK : stacks[parent[s]].position;
      for (guint c = first[s + 1]; c > first[s]; c--)
        todo[n_todo++] = children[c - 1];
    }
  /* A node's subtree ends where the next node at its depth or above starts. */
  for (guint i = n; i > 0; i--)
    {
      guint32 end = i;

      while (end < n && tree[end].parent == i - 1)
        end = tree[end].end;
      tree[i - 1].end = end;
    }
}

/* Once every sample is in: samples in time order, and each stack's
 * positions among them (a counting sort: one pass to count, one to place). */
void
_es_document_index_prof (EsDocument *self)
{
  EsProfData *prof = self->prof;
  guint n_stacks = prof->stacks->len, n = prof->samples->len;
  const EsProfSample *samples;
  guint32 *offsets, *by_stack;
  g_autofree guint32 *next = NULL;

  if (!samples_sorted (prof->samples))
    g_array_sort (prof->samples, compare_samples);
  samples = (const EsProfSample *) (gpointer) prof->samples->data;

  g_array_set_size (prof->offsets, n_stacks + 1);
  offsets = (guint32 *) (gpointer) prof->offsets->data;
  memset (offsets, 0, (n_stacks + 1) * sizeof (guint32));
  for (guint i = 0; i < n; i++)
    offsets[samples[i].stack + 1]++;
  for (guint s = 0; s < n_stacks; s++)
    {
      if (offsets[s + 1] > 0)
        g_array_append_val (prof->sampled, s);
      offsets[s + 1] += offsets[s];
    }

  g_array_set_size (prof->by_stack, n);
  by_stack = (guint32 *) (gpointer) prof->by_stack->data;
  next = g_memdup2 (offsets, n_stacks * sizeof (guint32));
  for (guint i = 0; i < n; i++)
    by_stack[next[samples[i].stack]++] = i;

  for (guint i = 0; i < self->cost_centres->len; i++)
    g_hash_table_insert (prof->cost_centres,
                         GUINT_TO_POINTER (g_array_index (self->cost_centres, EsCostCentre, i).id),
                         GUINT_TO_POINTER (i + 1));
  /* Each stack's definition, found once here rather than by every query. */
  for (guint s = 1; s < n_stacks; s++)
    {
      EsProfStack *stack = &g_array_index (prof->stacks, EsProfStack, s);
      guint index = GPOINTER_TO_UINT (g_hash_table_lookup (prof->cost_centres, GUINT_TO_POINTER (stack->cost_centre)));

      stack->cc_index = index > 0 ? index - 1 : ES_PROF_NO_STACK;
    }
  /* The empty stack is MAIN's. */
  for (guint i = 0; i < self->cost_centres->len; i++)
    {
      const EsCostCentre *cc = &g_array_index (self->cost_centres, EsCostCentre, i);

      if (g_strcmp0 (cc->label, "MAIN") == 0 && g_strcmp0 (cc->module, "MAIN") == 0)
        g_array_index (prof->stacks, EsProfStack, ES_PROF_EMPTY_STACK).cc_index = i;
    }
  build_tree (self);
}

/**
 * es_document_get_prof_samples:
 *
 * Returns: the time profile's samples (PROF_SAMPLE_COST_CENTRE), by time
 */
const EsProfSample *
es_document_get_prof_samples (EsDocument *self,
                              guint      *n_samples)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  *n_samples = self->prof->samples->len;
  return (const EsProfSample *) (gpointer) self->prof->samples->data;
}

/**
 * es_document_get_prof_stacks:
 *
 * Returns: every cost-centre stack the samples name, and each one's outer
 *   stacks, as a trie (see #EsProfStack); there is always the empty one
 */
const EsProfStack *
es_document_get_prof_stacks (EsDocument *self,
                             guint      *n_stacks)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  *n_stacks = self->prof->stacks->len;
  return (const EsProfStack *) (gpointer) self->prof->stacks->data;
}

/**
 * es_document_get_prof_sampled_stacks:
 *
 * Returns: the stacks that have samples, ascending
 */
const guint32 *
es_document_get_prof_sampled_stacks (EsDocument *self,
                                     guint      *n_stacks)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  *n_stacks = self->prof->sampled->len;
  return (const guint32 *) (gpointer) self->prof->sampled->data;
}

/**
 * es_document_get_prof_stack_samples:
 *
 * Returns: the positions, in es_document_get_prof_samples(), of @stack's
 *   own samples (not those of the stacks inside it), ascending
 */
const guint32 *
es_document_get_prof_stack_samples (EsDocument *self,
                                    guint32     stack,
                                    guint      *n_samples)
{
  const guint32 *offsets;

  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  *n_samples = 0;
  if (stack + 1 >= self->prof->offsets->len)
    return NULL;
  offsets = (const guint32 *) (gpointer) self->prof->offsets->data;
  *n_samples = offsets[stack + 1] - offsets[stack];
  return (const guint32 *) (gpointer) self->prof->by_stack->data + offsets[stack];
}

/**
 * es_document_get_prof_tree:
 *
 * Returns: every stack as a node of one tree, in pre-order (see
 *   #EsProfTreeNode); position 0 is MAIN, the empty stack
 */
const EsProfTreeNode *
es_document_get_prof_tree (EsDocument *self,
                           guint      *n_nodes)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), NULL);

  *n_nodes = self->prof->tree->len;
  return (const EsProfTreeNode *) (gpointer) self->prof->tree->data;
}

/**
 * es_document_get_prof_tick_interval:
 *
 * Returns: the profiling tick in ns, as PROF_BEGIN says, or 0
 */
guint64
es_document_get_prof_tick_interval (EsDocument *self)
{
  g_return_val_if_fail (ES_IS_DOCUMENT (self), 0);

  return self->prof->tick_interval;
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
  return index > 0 ? &g_array_index (self->cost_centres, EsCostCentre, index - 1) : NULL;
}
