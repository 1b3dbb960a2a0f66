/* es-series.c: a time series with range minimum and maximum in O(log n)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-search.h"
#include "es-series.h"
#include "es-vec.h"

/* Samples sorted by time, plus a pyramid of block maxima and minima:
 * level k holds the max (min) of each run of 2^(k+1) samples, so any range
 * is covered by O(log n) stored values. */
struct _EsSeries
{
  EsVec      samples;       /* EsSample */
  GArray    *max_levels;    /* EsVec of guint64, one per level */
  GArray    *min_levels;
  EsVec      page_times;    /* guint64: the time of sample k * PAGE_SAMPLES */
  EsVecFile *file;          /* (nullable): where the samples and their index live */
  guint     indexed;        /* the samples the levels and page times are of */
  guint     in_order;       /* how many of the first samples are known to be in time order */
  gboolean  sealed;
};

/* A sealed series is searched through the time of the first sample of
 * each 4 kB of samples (es_search_paged()): a selection's figures search a
 * few series of every cap once, on a cold cache. */
#define PAGE_SAMPLES (4096 / sizeof (EsSample))

EsSeries *
es_series_new (void)
{
  EsSeries *self = g_new0 (EsSeries, 1);

  self->max_levels = g_array_new (FALSE, TRUE, sizeof (EsVec));
  self->min_levels = g_array_new (FALSE, TRUE, sizeof (EsVec));
  return self;
}

static EsVec *
get_level (GArray *levels,
           guint   k)
{
  return &g_array_index (levels, EsVec, k);
}

static void
clear_levels (GArray *levels)
{
  for (guint k = 0; k < levels->len; k++)
    es_vec_clear (get_level (levels, k), sizeof (guint64));
  g_array_set_size (levels, 0);
}

/* Empties the index, whose values are to change: copies of a series in a
 * file map its index from there, so it moves to new regions of it. */
static void
forget_index (EsSeries *self)
{
  es_vec_leave_region (&self->page_times, sizeof (guint64), FALSE);
  for (guint k = 0; k < self->max_levels->len; k++)
    {
      es_vec_leave_region (get_level (self->max_levels, k), sizeof (guint64), FALSE);
      es_vec_leave_region (get_level (self->min_levels, k), sizeof (guint64), FALSE);
    }
  self->indexed = 0;
}

static void extend_index (EsSeries *self);

/* How many of the first samples are in time order, knowing the first
 * @known are. */
static guint
count_in_order (const EsVec *samples,
                guint        known)
{
  const EsSample *s = samples->data;
  guint i = MAX (known, 1);

  while (i < samples->len && s[i].time >= s[i - 1].time)
    i++;
  return MIN (i, samples->len);
}

/**
 * es_series_is_in_order:
 *
 * Returns: whether the samples so far are in time order (checked from
 *   the last one known to be)
 */
gboolean
es_series_is_in_order (EsSeries *self)
{
  self->in_order = count_in_order (&self->samples, self->in_order);
  return self->in_order == self->samples.len;
}

/* Its index, for @copy, which has the same samples: mapped from the file
 * where it is large enough to be there, so that it exists once for the
 * builder and all its snapshots. The builder goes on writing the last,
 * incomplete block of each level, which the copy never reads: a range's
 * extremes only take blocks whose every sample is in it. */
static void
copy_index (EsSeries       *copy,
            const EsSeries *self)
{
  es_vec_copy (&copy->page_times, &self->page_times, sizeof (guint64));
  g_array_set_size (copy->max_levels, self->max_levels->len);
  g_array_set_size (copy->min_levels, self->min_levels->len);
  for (guint k = 0; k < self->max_levels->len; k++)
    {
      es_vec_copy (get_level (copy->max_levels, k), get_level (self->max_levels, k), sizeof (guint64));
      es_vec_copy (get_level (copy->min_levels, k), get_level (self->min_levels, k), sizeof (guint64));
    }
  copy->indexed = self->indexed;
}

/**
 * es_series_copy:
 *
 * A series not sealed yet, copied to be sealed apart (a live log's
 * document published while its builder goes on). The series keeps its
 * index up to date as it is copied, from the samples that came since the
 * last copy, and the copy takes it: sealing the copy then indexes only
 * the last few samples, not all of them again.
 */
EsSeries *
es_series_copy (EsSeries *self)
{
  EsSeries *copy = es_series_new ();

  g_return_val_if_fail (!self->sealed, copy);

  es_vec_copy (&copy->samples, &self->samples, sizeof (EsSample));
  /* A sample out of order is sorted by each copy, which indexes it all. */
  if (es_series_is_in_order (self))
    {
      extend_index (self);
      copy_index (copy, self);
      copy->in_order = self->in_order;
    }
  return copy;
}

/* Its samples, none yet, and their index are to live in @file
 * (es_vec_use_file()). */
void
es_series_use_file (EsSeries  *self,
                    EsVecFile *file)
{
  g_return_if_fail (self->file == NULL && self->max_levels->len == 0);

  if (file == NULL)
    return;
  self->file = es_vec_file_ref (file);
  es_vec_use_file (&self->samples, file);
  es_vec_use_file (&self->page_times, file);
}

/* Does @visit to the vector its samples are appended to. */
void
es_series_visit_records (EsSeries   *self,
                         EsVecVisit  visit,
                         gpointer    user_data)
{
  if (self != NULL)
    visit (&self->samples, sizeof (EsSample), user_data);
}

void
es_series_free (EsSeries *self)
{
  if (self == NULL)
    return;
  es_vec_clear (&self->samples, sizeof (EsSample));
  es_vec_clear (&self->page_times, sizeof (guint64));
  clear_levels (self->max_levels);
  clear_levels (self->min_levels);
  g_array_unref (self->max_levels);
  g_array_unref (self->min_levels);
  g_clear_pointer (&self->file, es_vec_file_unref);
  g_free (self);
}

void
es_series_append (EsSeries *self,
                  guint64   time,
                  guint64   value)
{
  g_return_if_fail (!self->sealed);
  *ES_VEC_PUSH (&self->samples, EsSample) = (EsSample) { time, value };
}

/**
 * es_series_drop_last:
 *
 * Removes the last sample, which no index holds yet: a cap of a builder
 * for statistics only keeps, of its samples up to the first time it will
 * be asked about, the last alone (_es_cap_timeline_fold_samples()).
 */
void
es_series_drop_last (EsSeries *self)
{
  g_return_if_fail (!self->sealed && self->samples.len > self->indexed);

  self->samples.len--;
  self->in_order = MIN (self->in_order, self->samples.len);
}

/**
 * es_series_merge:
 * @from: samples to add to @self, which is not sealed yet, nor in a file
 *   (a live log's builder, whose snapshots map its series, never merges)
 *
 * Adds every sample of @from, as es_series_append() would one by one.
 * When both series are in time order (two loading workers' shares of the
 * same series) they are merged in one linear pass, so that sealing does
 * not need to sort; ties keep @self's samples first, as the stable sort
 * at sealing would.
 */
void
es_series_merge (EsSeries       *self,
                 const EsSeries *from)
{
  const EsSample *a, *b;
  EsSample *out;
  guint n_a, n_b, i = 0, j = 0, k = 0;
  gboolean both_in_order;
  EsVec merged = { 0 };

  g_return_if_fail (!self->sealed && self->file == NULL);

  n_a = self->samples.len;
  n_b = from->samples.len;
  if (n_b == 0)
    return;
  both_in_order = count_in_order (&self->samples, self->in_order) == n_a &&
                  count_in_order (&from->samples, from->in_order) == n_b;
  /* Samples may move: all is indexed again. */
  forget_index (self);
  self->in_order = 0;
  if (n_a == 0 || !both_in_order)
    {
      es_vec_append (&self->samples, from->samples.data, n_b, sizeof (EsSample));
      return;
    }

  while (merged.capacity < n_a + n_b)
    es_vec_grow (&merged, sizeof (EsSample));
  merged.len = n_a + n_b;
  a = self->samples.data;
  b = from->samples.data;
  out = merged.data;
  while (i < n_a && j < n_b)
    out[k++] = b[j].time < a[i].time ? b[j++] : a[i++];
  while (i < n_a)
    out[k++] = a[i++];
  while (j < n_b)
    out[k++] = b[j++];
  es_vec_clear (&self->samples, sizeof (EsSample));
  self->samples = merged;
}

/* The range index's first level takes the extreme of blocks of this many
 * samples, each level above of two below: 1 byte per sample for both
 * extremes, where pairs from the start took 16, for a query that reads at
 * most 2 * (ES_SERIES_BLOCK - 1) samples more (contiguous ones, about what
 * the level of detail reads itself for a column of up to 32). */
#define ES_SERIES_BLOCK 32

/* Brings the levels of one kind up to the samples from @indexed on: a
 * block of a level is redone only if it holds a sample from there. */
static void
extend_levels (EsSeries *self,
               gboolean  maximum,
               guint     indexed)
{
  GArray *levels = maximum ? self->max_levels : self->min_levels;
  const EsSample *s = self->samples.data;
  const guint64 *below = NULL;
  guint n = self->samples.len, n_below = n, kept_below = indexed;

  for (guint k = 0; below == NULL ? n > 0 : n_below > 1; k++)
    {
      guint per_block = below == NULL ? ES_SERIES_BLOCK : 2;
      guint n_blocks = (n_below + per_block - 1) / per_block;
      guint kept = kept_below / per_block;
      EsVec *level;
      guint64 *out;

      if (k == levels->len)
        {
          g_array_set_size (levels, k + 1);
          es_vec_use_file (get_level (levels, k), self->file);
        }
      level = get_level (levels, k);
      kept = MIN (kept, level->len);
      es_vec_reserve (level, n_blocks, sizeof (guint64));
      level->len = n_blocks;
      out = level->data;
      for (guint b = kept; b < n_blocks; b++)
        {
          guint first = b * per_block, last = MIN (first + per_block, n_below);
          guint64 best = below == NULL ? s[first].value : below[first];

          for (guint i = first + 1; i < last; i++)
            {
              guint64 x = below == NULL ? s[i].value : below[i];

              best = maximum ? MAX (best, x) : MIN (best, x);
            }
          out[b] = best;
        }
      below = out;
      n_below = n_blocks;
      kept_below = kept;
    }
}

/* Brings the page times and the levels up to the samples, which must be
 * in order: only what holds samples from the last indexed one on is done
 * again (the first ones never change, the series being appended to). */
static void
extend_index (EsSeries *self)
{
  guint kept_pages;

  /* Not even the last block again: a copy's is the builder's to write. */
  if (self->indexed == self->samples.len)
    return;
  kept_pages = (self->indexed + PAGE_SAMPLES - 1) / PAGE_SAMPLES;

  self->page_times.len = MIN (self->page_times.len, kept_pages);
  for (gsize i = (gsize) self->page_times.len * PAGE_SAMPLES; i < self->samples.len; i += PAGE_SAMPLES)
    *ES_VEC_PUSH (&self->page_times, guint64) = ES_VEC_AT (&self->samples, EsSample, i).time;
  extend_levels (self, TRUE, self->indexed);
  extend_levels (self, FALSE, self->indexed);
  self->indexed = self->samples.len;
}

/**
 * es_series_give_back:
 *
 * Frees @self, whose samples a live log's snapshots may map from its file
 * (es_series_use_file()): their pages go back once those are gone.
 */
void
es_series_give_back (EsSeries *self)
{
  if (self == NULL)
    return;
  es_vec_leave_region (&self->samples, sizeof (EsSample), FALSE);
  forget_index (self);
  es_series_free (self);
}

/**
 * es_series_put_in_order:
 *
 * Sorts the samples of a series not sealed yet by time, now, if some came
 * out of order (stable), and indexes it all again: a live log's builder
 * whose sample came late, so that its copies go on finding the series in
 * order. Samples in a file (es_series_use_file()) move to a new region of
 * it first, as its copies map the old one.
 */
void
es_series_put_in_order (EsSeries *self)
{
  g_return_if_fail (!self->sealed);

  if (es_series_is_in_order (self))
    return;
  es_vec_leave_region (&self->samples, sizeof (EsSample), TRUE);
  g_qsort_with_data (self->samples.data, (gint) self->samples.len, sizeof (EsSample), es_search_compare_keys,
                     ES_SEARCH_KEY (EsSample, time));
  forget_index (self);
  self->in_order = self->samples.len;
}

/**
 * es_series_seal:
 *
 * Ends appending: sorts the samples by time if they came out of order (a
 * stable sort, rarely needed) and builds the range index.
 */
void
es_series_seal (EsSeries *self)
{
  g_return_if_fail (!self->sealed);

  /* g_qsort_with_data() is stable. Sorting moves samples already indexed
   * (of a copy): all is indexed again. */
  if (count_in_order (&self->samples, self->in_order) < self->samples.len)
    {
      g_qsort_with_data (self->samples.data, self->samples.len, sizeof (EsSample),
                         es_search_compare_keys, ES_SEARCH_KEY (EsSample, time));
      self->indexed = 0;
    }
  es_vec_release_spare (&self->samples, sizeof (EsSample));
  extend_index (self);
  es_vec_release_spare (&self->page_times, sizeof (guint64));
  for (guint k = 0; k < self->max_levels->len; k++)
    {
      es_vec_release_spare (get_level (self->max_levels, k), sizeof (guint64));
      es_vec_release_spare (get_level (self->min_levels, k), sizeof (guint64));
    }
  self->sealed = TRUE;
}

guint
es_series_get_length (const EsSeries *self)
{
  return self->samples.len;
}

const EsSample *
es_series_get_samples (const EsSeries *self)
{
  return self->samples.data;
}

/* The first sample after @time (@upper), or at or after it. */
static guint
search (const EsSeries *self,
        guint64         time,
        gboolean        upper)
{
  return es_search_paged (self->page_times.data, self->page_times.len, PAGE_SAMPLES, self->samples.data,
                          self->samples.len, sizeof (EsSample), G_STRUCT_OFFSET (EsSample, time), time, upper);
}

/* The first sample at or after @time. */
guint
es_series_lower_bound (const EsSeries *self,
                       guint64         time)
{
  return search (self, time, FALSE);
}

/* The first sample after @time. */
guint
es_series_upper_bound (const EsSeries *self,
                       guint64         time)
{
  return search (self, time, TRUE);
}

/**
 * es_series_value_at:
 *
 * The series as a step function: the value of the last sample at or before
 * @time. Returns %FALSE (and 0) before the first sample.
 */
gboolean
es_series_value_at (const EsSeries *self,
                    guint64         time,
                    guint64        *value)
{
  guint i = es_series_upper_bound (self, time);

  *value = i > 0 ? es_series_get_samples (self)[i - 1].value : 0;
  return i > 0;
}

/* The series as a piecewise linear function, flat outside its samples. */
double
es_series_interpolate (const EsSeries *self,
                       guint64         time)
{
  const EsSample *s = es_series_get_samples (self);
  guint i = es_series_upper_bound (self, time);

  if (self->samples.len == 0)
    return 0;
  if (i == 0)
    return (double) s[0].value;
  if (i == self->samples.len || s[i].time == s[i - 1].time)
    return (double) s[i - 1].value;
  return s[i - 1].value + ((double) s[i].value - (double) s[i - 1].value) *
         (double) (time - s[i - 1].time) / (double) (s[i].time - s[i - 1].time);
}

/* Samples with t0 <= time <= t1. */
guint
es_series_count_in (const EsSeries *self,
                    guint64         t0,
                    guint64         t1)
{
  if (t1 < t0)
    return 0;
  return es_series_upper_bound (self, t1) - es_series_lower_bound (self, t0);
}

/**
 * es_series_extremes_of:
 * @from: the first sample
 * @to: the sample after the last, above @from
 *
 * The smallest and largest values of samples [@from, @to), in one climb
 * of both pyramids: a column of the level of detail asks for both.
 */
void
es_series_extremes_of (const EsSeries *self,
                       guint           from,
                       guint           to,
                       guint64        *min,
                       guint64        *max)
{
  const EsSample *s = es_series_get_samples (self);
  guint lo = from, hi = to;
  guint64 least = G_MAXUINT64, most = 0;

  g_return_if_fail (from < to && to <= self->samples.len);

#define TAKE(x, y) G_STMT_START { least = MIN (least, (x)); most = MAX (most, (y)); } G_STMT_END

  while (lo < hi && lo % ES_SERIES_BLOCK != 0)
    {
      TAKE (s[lo].value, s[lo].value);
      lo++;
    }
  while (lo < hi && hi % ES_SERIES_BLOCK != 0)
    {
      hi--;
      TAKE (s[hi].value, s[hi].value);
    }
  lo /= ES_SERIES_BLOCK;
  hi /= ES_SERIES_BLOCK;
  for (guint k = 0; k < self->max_levels->len && lo < hi; k++)
    {
      const guint64 *lows = get_level (self->min_levels, k)->data, *highs = get_level (self->max_levels, k)->data;

      if (lo & 1)
        {
          TAKE (lows[lo], highs[lo]);
          lo++;
        }
      if (lo < hi && (hi & 1))
        {
          hi--;
          TAKE (lows[hi], highs[hi]);
        }
      lo /= 2;
      hi /= 2;
    }
#undef TAKE

  *min = least;
  *max = most;
}

/* The smallest or largest value among samples with t0 <= time <= t1. */
static gboolean
extreme_in (const EsSeries *self,
            guint64         t0,
            guint64         t1,
            gboolean        maximum,
            guint64        *result)
{
  guint lo, hi;
  guint64 min, max;

  *result = 0;
  if (t1 < t0)
    return FALSE;
  lo = es_series_lower_bound (self, t0);
  hi = es_series_upper_bound (self, t1);      /* [lo, hi) */
  if (lo >= hi)
    return FALSE;
  es_series_extremes_of (self, lo, hi, &min, &max);
  *result = maximum ? max : min;
  return TRUE;
}

/* The largest value among samples with t0 <= time <= t1. */
gboolean
es_series_max_in (const EsSeries *self,
                  guint64         t0,
                  guint64         t1,
                  guint64        *max)
{
  return extreme_in (self, t0, t1, TRUE, max);
}

gboolean
es_series_min_in (const EsSeries *self,
                  guint64         t0,
                  guint64         t1,
                  guint64        *min)
{
  return extreme_in (self, t0, t1, FALSE, min);
}
