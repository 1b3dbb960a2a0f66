/* es-heap-profile.c: a heap profile's top bands over time, ready to stack
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "es-heap-profile-private.h"

#include "es-document-ipe.h"
#include "es-search.h"

/* A census names a few dozen bands out of hundreds, and a chart can tell
 * apart about eight: the bands with the most residency summed over every
 * census keep their own colour, and the rest are summed up as "other".
 * Summing over censuses is what eventlog2html ranks by (its Total.hs), so
 * the two tools agree on the top bands; with the RTS's regular census
 * period it is the time integral over that period, and it does not reward
 * a band for a census that a long GC happened to delay.
 *
 * Per census the profile keeps the stack of its bands, cumulative from the
 * bottom (the largest band at the bottom, "other" on top): a painter reads
 * a band's edges straight from it. */

/* "ghc-prim:GHC.Types.I#" is "GHC.Types.I#" in a legend: the package goes
 * when what is left still says something. */
static const char *
strip_package (const char *name)
{
  const char *p = name;
  gboolean letter = FALSE;

  while (g_ascii_isalnum (*p) || *p == '.' || *p == '-' || *p == '_')
    letter |= g_ascii_isalpha (*p++);
  if (*p == ':' && p > name && letter && p[1] != '\0')
    return p + 1;
  return name;
}

static void
append_cost_centre (GString    *out,
                    GHashTable *by_id,
                    guint32     id)
{
  const EsCostCentre *cc = g_hash_table_lookup (by_id, GUINT_TO_POINTER (id));

  if (cc == NULL)
    g_string_append_printf (out, "#%u", id);
  else if (cc->module != NULL && cc->module[0] != '\0')
    g_string_append_printf (out, "%s.%s", cc->module, cc->label != NULL ? cc->label : "");
  else
    g_string_append (out, cc->label != NULL ? cc->label : "");
}

/* A cost-centre stack is stored as its ids, innermost first ("4/3/7"):
 * the legend names the innermost, "Main.fib"; the table and the tooltip
 * give all of them. FALSE for a name that is not such a stack. */
static gboolean
name_cost_centre_stack (EsHeapProfile     *self,
                        EsHeapProfileBand *band,
                        const char        *name,
                        GHashTable        *by_id)
{
  g_auto(GStrv) ids = NULL;
  g_autoptr(GString) text = NULL;
  gsize innermost_len = 0;

  if (name[0] == '\0')
    return TRUE;   /* the empty stack: named by the caller, in its language */
  ids = g_strsplit (name, "/", -1);
  for (guint i = 0; ids[i] != NULL; i++)
    if (!g_ascii_string_to_unsigned (ids[i], 10, 0, G_MAXUINT32, NULL, NULL))
      return FALSE;
  text = g_string_new (NULL);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append (text, " \342\206\220 ");   /* ← : called from */
      append_cost_centre (text, by_id, (guint32) g_ascii_strtoull (ids[i], NULL, 10));
      if (i == 0)
        innermost_len = text->len;
    }
  band->full_name = g_string_chunk_insert_const (self->names, text->str);
  g_string_truncate (text, innermost_len);
  band->short_name = g_string_chunk_insert_const (self->names, text->str);
  return TRUE;
}

/* A heap profile by info table (+RTS -hi) names its bands by address: with
 * the log's provenance (-finfo-table-map), the legend says where the
 * closures come from and what they are, "Test.hs:5:1-30 (THUNK_STATIC)",
 * and the table and tooltip say all the log knows. FALSE for a name that
 * is no known info table's address. */
static gboolean
name_info_table (EsHeapProfile     *self,
                 EsHeapProfileBand *band,
                 EsDocument        *document,
                 const char        *name)
{
  const EsInfoTable *table;
  const char *kind;
  g_autoptr(GString) text = g_string_new (NULL);
  guint64 info;

  if (!es_info_table_parse_address (name, &info) || (table = es_document_lookup_info_table (document, info)) == NULL)
    return FALSE;
  kind = table->type_desc != NULL && table->type_desc[0] != '\0' ? table->type_desc
                                                                  : es_closure_type_name (table->closure_type);
  if (table->srcloc != NULL && table->srcloc[0] != '\0')
    g_string_append (text, table->srcloc);
  else if (table->module != NULL && table->module[0] != '\0')
    g_string_append (text, table->module);
  else
    g_string_append (text, table->table_name);
  if (kind != NULL)
    g_string_append_printf (text, " (%s)", kind);
  band->short_name = g_string_chunk_insert_const (self->names, text->str);

  g_string_assign (text, table->table_name);
  if (es_closure_type_name (table->closure_type) != NULL)
    g_string_append_printf (text, ": %s", es_closure_type_name (table->closure_type));
  if (table->type_desc != NULL && table->type_desc[0] != '\0')
    g_string_append_printf (text, " :: %s", table->type_desc);
  if (table->label != NULL && table->label[0] != '\0')
    g_string_append_printf (text, ", %s", table->label);
  if (table->module != NULL && table->module[0] != '\0')
    g_string_append_printf (text, ", %s", table->module);
  if (table->srcloc != NULL && table->srcloc[0] != '\0')
    g_string_append_printf (text, " %s", table->srcloc);
  g_string_append_printf (text, " (0x%" G_GINT64_MODIFIER "x)", info);
  band->full_name = g_string_chunk_insert_const (self->names, text->str);
  return TRUE;
}

static void
name_band (EsHeapProfile     *self,
           EsHeapProfileBand *band,
           EsDocument        *document,
           GHashTable        *cost_centres)
{
  const char *name = es_document_get_heap_band_name (document, band->band);

  if (name == NULL)
    return;
  if (cost_centres != NULL && name_cost_centre_stack (self, band, name, cost_centres))
    return;
  if (es_document_get_heap_breakdown (document) == ES_HEAP_PROF_BREAKDOWN_INFO_TABLE &&
      name_info_table (self, band, document, name))
    return;
  if (name[0] == '\0')
    return;
  band->full_name = name;
  band->short_name = strip_package (name);
}

/* A profile with no bands yet, for censuses of @stride values each. */
EsHeapProfile *
_es_heap_profile_new_empty (guint stride)
{
  EsHeapProfile *self = g_new0 (EsHeapProfile, 1);

  self->bands = g_array_new (FALSE, TRUE, sizeof (EsHeapProfileBand));
  self->names = g_string_chunk_new (1024);
  self->stride = stride;
  es_chunks_init (&self->censuses, (1 + stride) * sizeof (guint64));
  return self;
}

/* @document's cost centres by id, or NULL if it has none. */
GHashTable *
_es_heap_profile_cost_centres (EsDocument *document)
{
  guint n_cc;
  const EsCostCentre *cc = es_document_get_cost_centres (document, &n_cc);
  GHashTable *by_id = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < n_cc; i++)
    g_hash_table_insert (by_id, GUINT_TO_POINTER (cc[i].id), (gpointer) &cc[i]);
  return by_id;
}

/* Adds @band, named, above the bands @self has. */
void
_es_heap_profile_add_band (EsHeapProfile           *self,
                           EsDocument              *document,
                           GHashTable              *cost_centres,
                           const EsHeapProfileBand *band)
{
  EsHeapProfileBand named = *band;

  if (!named.is_other)
    name_band (self, &named, document, cost_centres);
  g_array_append_val (self->bands, named);
}

/**
 * es_heap_profile_new:
 * @n_top: how many bands keep their own colour
 *
 * Ranks the bands of @document's heap profile, sums the others up, and
 * stacks every census. Costs O(samples + bands log bands).
 *
 * Returns: (transfer full): the profile (with no bands and no censuses for
 *   a log without a heap profile)
 */
EsHeapProfile *
es_heap_profile_new (EsDocument *document,
                     guint       n_top)
{
  EsHeapProfileGrower *grower;
  EsHeapProfile *self;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);

  grower = es_heap_profile_grower_new (n_top);
  self = _es_heap_profile_grower_make (grower, document, TRUE);
  es_heap_profile_grower_unref (grower);
  return self;
}

void
es_heap_profile_free (EsHeapProfile *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->bands);
  g_string_chunk_free (self->names);
  es_chunks_clear (&self->censuses);
  g_free (self);
}

static gpointer
make_default_profile (EsDocument *document)
{
  return es_heap_profile_new (document, ES_HEAP_PROFILE_DEFAULT_TOP);
}

/**
 * es_heap_profile_get:
 *
 * The profile of @document with ES_HEAP_PROFILE_DEFAULT_TOP bands, made on
 * first use and kept with the document: the painter asks every frame, the
 * statistics from a worker thread.
 *
 * Returns: (transfer none) (nullable): the profile, or NULL when the log
 *   has no heap-profile census
 */
const EsHeapProfile *
es_heap_profile_get (EsDocument *document)
{
  guint n_samples;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);

  es_document_get_heap_samples (document, &n_samples);
  if (n_samples == 0)
    return NULL;
  return es_document_get_derived (document, g_quark_from_static_string ("es-heap-profile"), make_default_profile,
                                  (GDestroyNotify) es_heap_profile_free);
}

/* The top bands, largest first, then "other" if any band is left out. */
guint
es_heap_profile_get_n_bands (const EsHeapProfile *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->bands->len;
}

const EsHeapProfileBand *
es_heap_profile_get_band (const EsHeapProfile *self,
                          guint                band)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (band < self->bands->len, NULL);

  return &g_array_index (self->bands, EsHeapProfileBand, band);
}

guint
es_heap_profile_get_n_censuses (const EsHeapProfile *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->censuses.len;
}

static const guint64 *
census_row (const EsHeapProfile *self,
            guint                census)
{
  return es_chunks_get (&self->censuses, census);
}

/* The first census at or after @time (@after: after it); a census's row
 * starts with its time. */
static guint
find_census (const EsHeapProfile *self,
             guint64              time,
             gboolean             after)
{
  return es_chunks_bound (&self->censuses, 0, time, after);
}

guint64
es_heap_profile_get_census_time (const EsHeapProfile *self,
                                 guint                census)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (census < self->censuses.len, 0);

  return census_row (self, census)[0];
}

/**
 * es_heap_profile_get_stack:
 *
 * Returns: (array): n_bands + 1 values: [0] is 0, [k + 1] the residency of
 *   bands 0 to k together, so band k lies between [k] and [k + 1] and the
 *   last is the census's total
 */
const guint64 *
es_heap_profile_get_stack (const EsHeapProfile *self,
                           guint                census)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (census < self->censuses.len, NULL);

  return census_row (self, census) + 1;
}

guint64
es_heap_profile_get_residency (const EsHeapProfile *self,
                               guint                census,
                               guint                band)
{
  const guint64 *stack;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (census < self->censuses.len, 0);
  g_return_val_if_fail (band < self->bands->len, 0);

  stack = es_heap_profile_get_stack (self, census);
  return stack[band + 1] - stack[band];
}

/* The largest census of the run: the scale of a chart that does not
 * change as the view moves. */
guint64
es_heap_profile_get_max_total (const EsHeapProfile *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->max_total;
}

/* The last census at or before @time, or G_MAXUINT if none. */
guint
es_heap_profile_census_at (const EsHeapProfile *self,
                           guint64              time)
{
  guint i;

  g_return_val_if_fail (self != NULL, G_MAXUINT);

  i = find_census (self, time, TRUE);
  return i > 0 ? i - 1 : G_MAXUINT;
}

/* The census closest to @time (the earlier one on a tie), or G_MAXUINT
 * for a profile without censuses. */
guint
es_heap_profile_nearest_census (const EsHeapProfile *self,
                                guint64              time)
{
  guint i;

  g_return_val_if_fail (self != NULL, G_MAXUINT);

  if (self->censuses.len == 0)
    return G_MAXUINT;
  i = find_census (self, time, FALSE);
  if (i == self->censuses.len)
    return i - 1;
  if (i > 0 && time - census_row (self, i - 1)[0] <= census_row (self, i)[0] - time)
    return i - 1;
  return i;
}

static int
compare_stats (gconstpointer a,
               gconstpointer b)
{
  const EsHeapBandStats *x = a, *y = b;

  if (x->mean != y->mean)
    return x->mean > y->mean ? -1 : 1;
  return x->band < y->band ? -1 : x->band > y->band;
}

/**
 * es_heap_profile_summarize:
 * @n_censuses: (out) (optional): how many censuses the figures come from
 *
 * Each band's mean and largest residency over the censuses taken in
 * [@t0, @t1]. An interval between two censuses takes the last census
 * before it, the heap as it stood then (what the chart shows there); an
 * interval before the first census has no figures.
 *
 * Returns: (transfer full) (element-type EsHeapBandStats): every band of
 *   the profile, largest mean first; empty without a census
 */
GArray *
es_heap_profile_summarize (const EsHeapProfile *self,
                           guint64              t0,
                           guint64              t1,
                           guint               *n_censuses)
{
  GArray *stats = g_array_new (FALSE, TRUE, sizeof (EsHeapBandStats));
  guint first, last;

  if (n_censuses != NULL)
    *n_censuses = 0;
  g_return_val_if_fail (self != NULL, stats);

  if (t1 < t0)
    {
      guint64 t = t0;

      t0 = t1;
      t1 = t;
    }
  first = find_census (self, t0, FALSE);
  last = find_census (self, t1, TRUE);
  if (first >= last)
    {
      if (first == 0)
        return stats;
      first--;
      last = first + 1;
    }
  for (guint b = 0; b < self->bands->len; b++)
    {
      EsHeapBandStats s = { b, 0, 0 };
      guint64 sum = 0;

      for (guint c = first; c < last; c++)
        {
          guint64 r = es_heap_profile_get_residency (self, c, b);

          sum = _es_heap_add_saturated (sum, r);
          s.max = MAX (s.max, r);
        }
      s.mean = (double) sum / (last - first);
      g_array_append_val (stats, s);
    }
  g_array_sort (stats, compare_stats);
  if (n_censuses != NULL)
    *n_censuses = last - first;
  return stats;
}
