/* test-vec.c: the vectors records are kept in, in the heap, a mapping or a file shared with copies
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <string.h>
#ifdef __linux__
# include <sys/mman.h>
#endif
#ifdef __GLIBC__
# include <malloc.h>
#endif

#include "es-vec.h"

/* A vector keeps every element as it grows from the heap into a mapping of
 * its own, past 2 MB into huge pages (copied once), and on by mremap();
 * giving back its spare pages and growing again loses nothing. Twelve
 * bytes an element, so that no size is a power of two. */
typedef struct
{
  guint32 a, b, c;
} Triple;

/* Triples @from..@from + @n at the start of @vec. */
static void
check_triples_from (const EsVec *vec,
                    guint        from,
                    guint        n)
{
  g_assert_cmpuint (vec->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      const Triple *t = &ES_VEC_AT (vec, Triple, i);
      guint k = from + i;

      if (t->a != k || t->b != ~k || t->c != k * 7u)
        g_error ("element %u of %u from %u: %u %u %u", i, n, from, t->a, t->b, t->c);
    }
}

static void
check_triples (const EsVec *vec,
               guint        n)
{
  check_triples_from (vec, 0, n);
}

/* Appends triples @from..@to to @vec, as check_triples_from() reads them. */
static void
push_triples (EsVec *vec,
              guint  from,
              guint  to)
{
  for (guint i = from; i < to; i++)
    *ES_VEC_PUSH (vec, Triple) = (Triple) { i, ~i, i * 7u };
}

static void
test_vec_grows_through_every_kind_of_memory (void)
{
  EsVec vec = { 0 };
  const guint first = 1500000, more = 700000;       /* 18 MB, then 26 */

  push_triples (&vec, 0, first);
  check_triples (&vec, first);
#ifdef __linux__
  /* Mapped, and on a huge page's boundary. */
  g_assert_cmpuint (vec.mapped, >=, (gsize) first * sizeof (Triple));
  g_assert_cmpuint ((gsize) vec.data % (2u << 20), ==, 0);
#endif
  es_vec_release_spare (&vec, sizeof (Triple));
  check_triples (&vec, first);
  push_triples (&vec, first, first + more);
  check_triples (&vec, first + more);
  es_vec_clear (&vec, sizeof (Triple));
  g_assert_null (vec.data);
  g_assert_cmpuint (vec.len, ==, 0);
}

/* A builder that must change what its copies map (reorder, complete or
 * index again records they have) either makes the copy's pages its own
 * first (es_vec_own()), or moves to a new region of the file
 * (es_vec_leave_region()): either way the copy reads what it had. */
static void
test_vec_copies_keep_what_they_had (void)
{
  g_autoptr(EsVecFile) file = es_vec_file_new ();
  EsVec vec = { 0 }, owned = { 0 }, left = { 0 };
  EsVecFilePin *pin;
  const guint n = 100000;

  if (file == NULL)
    {
      g_test_skip ("this system has no memfd: copies are copies");
      return;
    }
  es_vec_use_file (&vec, file);
  push_triples (&vec, 0, n);

  /* Its last half its own: the builder rewrites that half. */
  es_vec_copy (&owned, &vec, sizeof (Triple));
  es_vec_own (&owned, n / 2, sizeof (Triple));
  for (guint i = n / 2; i < n; i++)
    ES_VEC_AT (&vec, Triple, i).c = 0;
  check_triples (&owned, n);
  /* (What it did not make its own, it shares: the builder never writes it.) */
  ES_VEC_AT (&vec, Triple, 5).c = 1;
  g_assert_cmpuint (ES_VEC_AT (&owned, Triple, 5).c, ==, 1);
  ES_VEC_AT (&vec, Triple, 5).c = 35;

  /* The builder leaves the region, keeping its elements, and rewrites
   * them all: the copy from before (pinned, as a snapshot's document
   * pins its records) reads the old region. */
  for (guint i = n / 2; i < n; i++)
    ES_VEC_AT (&vec, Triple, i).c = i * 7u;
  es_vec_copy (&left, &vec, sizeof (Triple));
  pin = es_vec_file_pin (file);
  es_vec_leave_region (&vec, sizeof (Triple), TRUE);
  check_triples (&vec, n);
  for (guint i = 0; i < n; i++)
    ES_VEC_AT (&vec, Triple, i) = (Triple) { 0, 0, 0 };
  check_triples (&left, n);
  /* Or empty. */
  es_vec_leave_region (&vec, sizeof (Triple), FALSE);
  g_assert_cmpuint (vec.len, ==, 0);
  g_assert_true (vec.file == file);
  for (guint i = 0; i < n; i++)
    *ES_VEC_PUSH (&vec, Triple) = (Triple) { 1, 1, 1 };
  check_triples (&left, n);
  check_triples (&owned, n);

  es_vec_clear (&vec, sizeof (Triple));
  es_vec_clear (&owned, sizeof (Triple));
  es_vec_clear (&left, sizeof (Triple));
  es_vec_file_unpin (pin);
}

/* A vector that skips its first elements (es_vec_skip()) starts later in
 * the same memory, wherever it is: what it keeps reads the same, it grows
 * on however few it kept, copies made after map what it kept, and one made
 * before reads everything until it is gone and the pages are given back. */
static void
test_vec_skips_its_first_elements (void)
{
  g_autoptr(EsVecFile) file = es_vec_file_new ();
  EsVec in_file = { 0 }, in_heap = { 0 }, before = { 0 }, after = { 0 };
  EsVecFilePin *pin;
  const guint more = 100000;
  guint n = 1u << 18, skip;
  guint64 held, releasing;

  push_triples (&in_heap, 0, 100);
  es_vec_skip (&in_heap, 60, sizeof (Triple));
  check_triples_from (&in_heap, 60, 40);
  es_vec_clear (&in_heap, sizeof (Triple));

  if (file == NULL)
    {
      g_test_skip ("this system has no memfd: nothing is shared to skip");
      return;
    }
  es_vec_use_file (&in_file, file);
  push_triples (&in_file, 0, n);
  /* Full, so that it next grows on the few it kept. */
  push_triples (&in_file, n, in_file.capacity);
  n = in_file.len;
  skip = n - 4;
  es_vec_copy (&before, &in_file, sizeof (Triple));
  pin = es_vec_file_pin (file);

  es_vec_skip (&in_file, skip, sizeof (Triple));
  check_triples_from (&in_file, skip, n - skip);
  {
    EsVec *skipped = &in_file;

    es_vec_file_release_skipped (file, &skipped, 1);
  }
  held = es_vec_file_get_bytes (file, &releasing);
  g_assert_cmpuint (releasing, >, skip * sizeof (Triple) - 8192);
  g_assert_cmpuint (held, >=, n * sizeof (Triple));
  /* Four kept, its capacity full: it grows where it is. */
  g_assert_cmpuint (in_file.capacity, ==, in_file.len);
  push_triples (&in_file, n, n + more);
  check_triples_from (&in_file, skip, n + more - skip);

  es_vec_copy (&after, &in_file, sizeof (Triple));
  check_triples_from (&after, skip, n + more - skip);
  push_triples (&after, n + more, n + more + 1000);
  check_triples_from (&after, skip, n + more + 1000 - skip);
  check_triples (&before, n);

  /* The copy from before goes: what was skipped is given back. */
  held = es_vec_file_get_bytes (file, NULL);
  es_vec_clear (&before, sizeof (Triple));
  es_vec_file_unpin (pin);
  g_assert_cmpuint (es_vec_file_get_bytes (file, &releasing), <, held - skip * sizeof (Triple) + 8192);
  g_assert_cmpuint (releasing, ==, 0);
  check_triples_from (&in_file, skip, n + more - skip);
  check_triples_from (&after, skip, n + more + 1000 - skip);
  es_vec_clear (&after, sizeof (Triple));

  /* Skipping more while a copy is alive: what is then said to be held,
   * less what is to be given back, is what is held once it is. */
  {
    EsVec *skipping = &in_file;
    guint64 releasing_later;

    es_vec_copy (&before, &in_file, sizeof (Triple));
    pin = es_vec_file_pin (file);
    es_vec_skip (&in_file, more / 2, sizeof (Triple));
    es_vec_file_release_skipped (file, &skipping, 1);
    held = es_vec_file_get_bytes (file, &releasing_later);
    g_assert_cmpuint (releasing_later, >, 0);
    g_assert_cmpuint (releasing_later, <=, (more / 2) * sizeof (Triple) + 4096);
    /* A copy made now maps none of what was skipped (so that neither a
     * read nor a copy of its pages brings them back), but the rest of
     * their page. */
    es_vec_copy (&after, &in_file, sizeof (Triple));
    g_assert_cmpuint (after.skipped, <, 4096);
    check_triples_from (&after, n - 4 + more / 2, 4 + more / 2);
    g_assert_cmpuint (es_vec_file_get_bytes (file, NULL), ==, held);
    es_vec_clear (&before, sizeof (Triple));
    es_vec_file_unpin (pin);
    g_assert_cmpuint (es_vec_file_get_bytes (file, &releasing), ==, held - releasing_later);
    g_assert_cmpuint (releasing, ==, 0);
    check_triples_from (&in_file, n - 4 + more / 2, 4 + more / 2);
    es_vec_clear (&after, sizeof (Triple));
  }
  es_vec_clear (&in_file, sizeof (Triple));
}

/* A copy of a vector that lives in a records file maps the same memory
 * (Linux): what the builder appends past the copy's length costs it
 * nothing, and what the copy writes stays its own. */
static void
test_vec_copies_share_a_file (void)
{
  g_autoptr(EsVecFile) file = es_vec_file_new ();
  EsVec vec = { 0 }, copy = { 0 };
  const guint first = 300000, more = 500000;

  if (file == NULL)
    {
      /* Snapshots then copy, as test_snapshots_are_the_prefixes_loaded() checks. */
      g_test_skip ("this system has no memfd, or limits file sizes: records are copied");
      return;
    }
  es_vec_use_file (&vec, file);
  push_triples (&vec, 0, first);
  es_vec_copy (&copy, &vec, sizeof (Triple));
  check_triples (&copy, first);
  g_assert_true (copy.data != vec.data);
  g_assert_null (copy.file);

  /* The builder never changes a record below a copy's length; if it did,
   * the copy would see it, which shows that nothing was copied. */
  ES_VEC_AT (&vec, Triple, 5).c = 1;
  g_assert_cmpuint (ES_VEC_AT (&copy, Triple, 5).c, ==, 1);
  ES_VEC_AT (&vec, Triple, 5).c = 35;

  /* The copy's own writes, and its growth, stay its own. */
  ES_VEC_AT (&copy, Triple, 7).c = 0;
  g_assert_cmpuint (ES_VEC_AT (&vec, Triple, 7).c, ==, 49);
  ES_VEC_AT (&copy, Triple, 7).c = 49;
  for (guint i = first; i < first + 1000; i++)
    *ES_VEC_PUSH (&copy, Triple) = (Triple) { i, i, i };
  push_triples (&vec, first, first + more);
  check_triples (&vec, first + more);
  for (guint i = first; i < first + 1000; i++)
    g_assert_cmpuint (ES_VEC_AT (&copy, Triple, i).c, ==, i);
  copy.len = first;
  check_triples (&copy, first);

  /* The builder's mapping goes first, as when a live log ends. */
  es_vec_clear (&vec, sizeof (Triple));
  g_clear_pointer (&file, es_vec_file_unref);
  check_triples (&copy, first);
  es_vec_clear (&copy, sizeof (Triple));
}

static gsize
round_up_page (gsize bytes)
{
  return (bytes + 4095) & ~(gsize) 4095;
}

/* Waits, up to ten seconds, for @file to hold @bytes at least (pages are
 * prefaulted on a thread of their own), unless the system cannot. */
static guint64
wait_for_bytes (EsVecFile *file,
                guint64    bytes)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_TIME_SPAN_SECOND;
  guint64 held;

  while ((held = es_vec_file_get_bytes (file, NULL)) < bytes && g_get_monotonic_time () < deadline &&
         es_vec_file_can_prefault (file))
    g_usleep (1000);
  return held;
}

/* A builder's vector has the pages it is to write next made ready on
 * another thread, as far ahead as it grew since it was last asked; those
 * it did not write are given back when it is done. Meanwhile it keeps
 * growing and moving (mremap()), copies are taken, and nothing is lost:
 * a request for where a mapping was is not carried out there. */
static void
test_vec_prefaults_ahead_and_gives_back_the_rest (void)
{
  g_autoptr(EsVecFile) file = es_vec_file_new ();
  EsVec vec = { 0 }, busy = { 0 }, copy = { 0 };
  const guint first = 100000, n_busy = 3000000;
  gsize used, mapped, budget;
  guint64 held;

  if (file == NULL)
    {
      g_test_skip ("this system has no memfd: records are not shared, nor prefaulted");
      return;
    }
  es_vec_use_file (&vec, file);
  push_triples (&vec, 0, first);
  used = (gsize) vec.len * sizeof (Triple);
  mapped = vec.mapped;
  g_assert_cmpuint (mapped, >, used + 8192);
  /* Written pages only: the rest of its mapping is not in memory yet. */
  g_assert_cmpuint (es_vec_file_get_bytes (file, NULL), <=, used + 4096);

  /* It grew by more than the rest of its mapping since it was last
   * asked: all of it would be made ready, but for the budget. */
  budget = 8192;
  es_vec_prefault (&vec, sizeof (Triple), &budget);
  g_assert_cmpuint (budget, ==, 0);
  held = wait_for_bytes (file, round_up_page (used) + 8192);
  if (!es_vec_file_can_prefault (file))
    {
      g_test_skip ("this system cannot prefault (Linux 5.14 can)");
      es_vec_clear (&vec, sizeof (Triple));
      return;
    }
  g_assert_cmpuint (held, ==, round_up_page (used) + 8192);
  g_assert_cmpuint (es_vec_get_prefaulted_ahead (&vec, sizeof (Triple)), ==, 8192);

  /* Then as far ahead as four times what it grew since. */
  push_triples (&vec, first, first + 2000);
  used = (gsize) vec.len * sizeof (Triple);
  budget = G_MAXSIZE;
  es_vec_prefault (&vec, sizeof (Triple), &budget);
  held = wait_for_bytes (file, round_up_page (used + 4 * 2000 * sizeof (Triple)));
  g_assert_cmpuint (held, ==, round_up_page (used + 4 * 2000 * sizeof (Triple)));
  g_assert_cmpuint (held, <, mapped);
  check_triples (&vec, first + 2000);

  /* Done: what it did not write goes back. */
  push_triples (&vec, first + 2000, first + 2010);
  es_vec_give_back_prefaulted (&vec, sizeof (Triple));
  held = es_vec_file_get_bytes (file, NULL);
  g_assert_cmpuint (held, ==, round_up_page ((first + 2010) * sizeof (Triple)));
  g_assert_cmpuint (es_vec_get_prefaulted_ahead (&vec, sizeof (Triple)), ==, 0);
  check_triples (&vec, first + 2010);
  es_vec_clear (&vec, sizeof (Triple));

  /* Asked every few thousand elements while it grows to 36 MB (in the
   * address space kept for it); a copy taken halfway keeps what it had,
   * before and after what was not written is given back. */
  es_vec_use_file (&busy, file);
  for (guint i = 0; i < n_busy; i += 4096)
    {
      push_triples (&busy, i, MIN (i + 4096, n_busy));
      budget = G_MAXSIZE;
      es_vec_prefault (&busy, sizeof (Triple), &budget);
      if (i == n_busy / 2 / 4096 * 4096)
        es_vec_copy (&copy, &busy, sizeof (Triple));
    }
  check_triples (&busy, n_busy);
  check_triples (&copy, copy.len);
  g_assert_cmpuint (copy.len, >, n_busy / 2);
  es_vec_give_back_prefaulted (&busy, sizeof (Triple));
  check_triples (&busy, n_busy);
  check_triples (&copy, copy.len);
  es_vec_clear (&copy, sizeof (Triple));
  es_vec_clear (&busy, sizeof (Triple));

  /* Pages made ready are given back even after another vector's mapping
   * changed (which drops the prefaults pending, and has the vector ask
   * again for what it asked). */
  {
    EsVec other = { 0 };
    guint64 before;

    before = es_vec_file_get_bytes (file, NULL);
    es_vec_use_file (&vec, file);
    es_vec_use_file (&other, file);
    push_triples (&vec, 0, first);
    push_triples (&other, 0, first);
    held = es_vec_file_get_bytes (file, NULL);
    budget = G_MAXSIZE;
    es_vec_prefault (&vec, sizeof (Triple), &budget);
    g_assert_cmpuint (wait_for_bytes (file, held + 65536), >=, held + 65536);
    es_vec_leave_region (&other, sizeof (Triple), TRUE);
    check_triples (&other, first);
    es_vec_give_back_prefaulted (&vec, sizeof (Triple));
    /* What the two hold, written; @other's old region given back. */
    g_assert_cmpuint (es_vec_file_get_bytes (file, NULL), ==, before + 2 * round_up_page (first * sizeof (Triple)));
    check_triples (&vec, first);
    es_vec_clear (&other, sizeof (Triple));
    es_vec_leave_region (&vec, sizeof (Triple), FALSE);
    es_vec_clear (&vec, sizeof (Triple));
  }

  /* A region left (es_vec_leave_region()) just after a prefault was asked
   * for is given back whole: the prefault is not carried out after. (The
   * file still holds the vectors above: a cleared vector's memory goes
   * with the file.) */
  held = es_vec_file_get_bytes (file, NULL);
  es_vec_use_file (&vec, file);
  push_triples (&vec, 0, first);
  budget = G_MAXSIZE;
  es_vec_prefault (&vec, sizeof (Triple), &budget);
  es_vec_leave_region (&vec, sizeof (Triple), FALSE);
  g_assert_cmpuint (es_vec_file_get_bytes (file, NULL), ==, held);
  g_usleep (50000);
  g_assert_cmpuint (es_vec_file_get_bytes (file, NULL), ==, held);
  es_vec_clear (&vec, sizeof (Triple));
}

/* A builder's vector in its file grows where it is, into address space
 * kept after it, and moves only once that is used up; what it skipped is
 * given back meanwhile, and nothing it kept is lost either way. */
static void
test_vec_grows_in_place_then_moves (void)
{
  g_autoptr(EsVecFile) file = es_vec_file_new ();
  EsVec vec = { 0 };
  const guint step = 1u << 20, n = 7 * step;  /* 84 MB of triples, past 64 MB of address space */
  const guint8 *first_base = NULL;
  guint kept_from = 0, n_moves = 0;
  gsize budget = G_MAXSIZE;
  guint8 *base_before;
  gsize reserved_before;

  if (file == NULL)
    {
      g_test_skip ("this system has no memfd: records are not shared");
      return;
    }
  es_vec_use_file (&vec, file);
  for (guint i = 0; i < n; i += step)
    {
      const guint8 *base;
      EsVec *skipping = &vec;

      /* Prefaults asked for all along, some pending as it moves. */
      for (guint j = i; j < i + step; j += step / 16)
        {
          push_triples (&vec, j, j + step / 16);
          budget = G_MAXSIZE;
          es_vec_prefault (&vec, sizeof (Triple), &budget);
        }
      base = (const guint8 *) vec.data - vec.skipped;
      if (first_base == NULL)
        first_base = base;
      else if (base != first_base)
        {
          n_moves++;
          first_base = base;
        }
      /* The mapping keeps it all, whether or not the memory does. */
      g_assert_cmpuint (vec.mapped, >=, (gsize) (i + step) * sizeof (Triple));
      check_triples_from (&vec, kept_from, i + step - kept_from);
      /* Only the last megabyte of triples is kept. */
      es_vec_skip (&vec, vec.len - step / 16, sizeof (Triple));
      kept_from = i + step - step / 16;
      es_vec_file_release_skipped (file, &skipping, 1);
      g_assert_cmpuint (es_vec_file_get_bytes (file, NULL), <, 16u << 20);
    }
  check_triples_from (&vec, kept_from, n - kept_from);
  /* Once, at 64 MB: it grew where it was until then. */
  g_assert_cmpuint (n_moves, ==, 1);
  es_vec_give_back_prefaulted (&vec, sizeof (Triple));
  check_triples_from (&vec, kept_from, n - kept_from);
  base_before = (guint8 *) vec.data - vec.skipped;
  reserved_before = vec.reserved;
  g_assert_cmpuint (reserved_before, >, vec.mapped);
  es_vec_clear (&vec, sizeof (Triple));
#ifdef __linux__
  /* The address space kept goes with it: nothing is mapped at its end. */
  g_assert_cmpint (madvise (base_before + reserved_before - 4096, 4096, MADV_NORMAL), ==, -1);
  g_assert_cmpint (errno, ==, ENOMEM);
#endif
}

typedef struct
{
  guint64 key;
  guint32 id;
} Keyed;

/* The keys of @vec in order, each with its id: "1.0 2.3 ...". */
static char *
describe_keyed (const EsVec *vec)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < vec->len; i++)
    g_string_append_printf (out, "%s%" G_GUINT64_FORMAT ".%u", i ? " " : "", ES_VEC_AT (vec, Keyed, i).key,
                            ES_VEC_AT (vec, Keyed, i).id);
  return g_string_free (out, FALSE);
}

/* A few sorted runs (a loading worker's GCs each) are merged into key
 * order, equal keys in the order they came, as a stable sort would put
 * them; many runs are sorted the same. */
static void
test_vec_sorts_runs_stably (void)
{
  static const guint64 few[] = { 1, 3, 3, 7, 2, 3, 8, 0, 3 };
  EsVec vec = { 0 };
  g_autofree char *merged = NULL, *sorted = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (few); i++)
    *ES_VEC_PUSH (&vec, Keyed) = (Keyed) { few[i], i };
  es_vec_sort_runs (&vec, sizeof (Keyed), G_STRUCT_OFFSET (Keyed, key));
  merged = describe_keyed (&vec);
  g_assert_cmpstr (merged, ==, "0.7 1.0 2.4 3.1 3.2 3.5 3.8 7.3 8.6");

  /* Twenty runs, each of one key, falling: past the runs merged. */
  vec.len = 0;
  for (guint i = 0; i < 20; i++)
    *ES_VEC_PUSH (&vec, Keyed) = (Keyed) { (20 - i) / 2, i };
  es_vec_sort_runs (&vec, sizeof (Keyed), G_STRUCT_OFFSET (Keyed, key));
  sorted = describe_keyed (&vec);
  g_assert_cmpstr (sorted, ==, "0.19 1.17 1.18 2.15 2.16 3.13 3.14 4.11 4.12 5.9 5.10 6.7 6.8 7.5 7.6 8.3 8.4 "
                               "9.1 9.2 10.0");
  es_vec_clear (&vec, sizeof (Keyed));
}

#ifdef ES_GLIBC_HEAP
/* Whether glibc gives a block of @size a mapping of its own. */
static gboolean
block_is_mapped (gsize size)
{
  size_t before = mallinfo2 ().hblks, after;
  char *block = malloc (size);

  g_assert_nonnull (block);
  memset (block, 1, size);
  after = mallinfo2 ().hblks;
  free (block);
  return after > before;
}
#endif

/* Two loads at once (the compare window's): the first to end leaves large
 * blocks mapped for the second, and the last sets the frames' thresholds. */
static void
test_vec_maps_large_blocks_while_any_load_runs (void)
{
#ifndef ES_GLIBC_HEAP
  g_test_skip ("a sanitizer (or a libc other than glibc) replaces malloc: no glibc thresholds to set");
#else
  if (g_getenv ("ES_TEST_UNDER_VALGRIND") != NULL)
    {
      g_test_skip ("valgrind replaces malloc: no glibc thresholds to set");
      return;
    }
  es_vec_map_large_blocks_begin ();
  es_vec_map_large_blocks_begin ();
  g_assert_true (block_is_mapped (256 * 1024));
  es_vec_map_large_blocks_end ();
  g_assert_true (block_is_mapped (256 * 1024));
  es_vec_map_large_blocks_end ();
  g_assert_false (block_is_mapped (256 * 1024));
  g_assert_true (block_is_mapped (40 * 1024 * 1024));
#endif
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/document/vec/grows-through-every-kind-of-memory", test_vec_grows_through_every_kind_of_memory);
  g_test_add_func ("/document/vec/copies-share-a-file", test_vec_copies_share_a_file);
  g_test_add_func ("/document/vec/skips-its-first-elements", test_vec_skips_its_first_elements);
  g_test_add_func ("/document/vec/copies-keep-what-they-had", test_vec_copies_keep_what_they_had);
  g_test_add_func ("/document/vec/prefaults-ahead-and-gives-back-the-rest",
                   test_vec_prefaults_ahead_and_gives_back_the_rest);
  g_test_add_func ("/document/vec/grows-in-place-then-moves", test_vec_grows_in_place_then_moves);
  g_test_add_func ("/document/vec/sorts-runs-stably", test_vec_sorts_runs_stably);
  g_test_add_func ("/document/vec/maps-large-blocks-while-any-load-runs",
                   test_vec_maps_large_blocks_while_any_load_runs);

  return g_test_run ();
}
