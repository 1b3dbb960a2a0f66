/* test-thread-table.c: the threads' table a builder writes in place and
 * freezes for its documents, against a plain model of it
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-thread-table-private.h"

/* What the table should hold: every thread written, by id. */
typedef struct
{
  GHashTable *threads;  /* id -> EsThread */
} Model;

static EsThread *
model_write (Model  *model,
             guint32 id)
{
  EsThread *thread = g_hash_table_lookup (model->threads, GUINT_TO_POINTER (id));

  if (thread == NULL)
    {
      thread = g_new0 (EsThread, 1);
      thread->id = id;
      thread->created_cap = ES_CAP_NONE;
      g_hash_table_insert (model->threads, GUINT_TO_POINTER (id), thread);
    }
  return thread;
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  guint32 ia = GPOINTER_TO_UINT (*(gconstpointer *) a), ib = GPOINTER_TO_UINT (*(gconstpointer *) b);

  return ia < ib ? -1 : ia > ib;
}

/* @frozen against @model, field by field: its length, each position in id
 * order, finding each id, and not finding ids it lacks. */
static void
check_against_model (const EsThreadTable *frozen,
                     Model               *model,
                     GRand               *rand)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, model->threads);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (ids, key);
  g_ptr_array_sort (ids, compare_ids);
  g_assert_cmpuint (es_thread_table_get_length (frozen), ==, ids->len);
  for (guint i = 0; i < ids->len; i++)
    {
      const EsThread *want = g_hash_table_lookup (model->threads, ids->pdata[i]);
      const EsThread *got = es_thread_table_get (frozen, i);

      g_assert_cmpuint (got->id, ==, want->id);
      g_assert_cmpuint (got->n_wakeups, ==, want->n_wakeups);
      g_assert_cmpuint (got->n_migrations, ==, want->n_migrations);
      g_assert_cmpuint (got->created_cap, ==, want->created_cap);
      g_assert_cmpuint (got->created, ==, want->created);
      g_assert_true (got->label == want->label);
      g_assert_cmpuint (es_thread_table_find (frozen, want->id), ==, i);
    }
  for (guint q = 0; q < 2000; q++)
    {
      guint32 id = g_rand_boolean (rand) ? g_rand_int_range (rand, 0, 40000) : g_rand_int (rand);

      if (!g_hash_table_contains (model->threads, GUINT_TO_POINTER (id)))
        g_assert_cmpuint (es_thread_table_find (frozen, id), ==, G_MAXUINT);
    }
}

/* Dense ids with holes, ids in a chunk of their own, and ids past the
 * dense ones (a Mono thread's address), written and frozen in turn: every
 * frozen table stays as its threads were when it was frozen, however the
 * builder's table was written after. */
static void
test_frozen_tables_keep_their_threads (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (13);
  g_autoptr(EsThreadTable) table = es_thread_table_new ();
  g_autoptr(GPtrArray) frozen = g_ptr_array_new_with_free_func ((GDestroyNotify) es_thread_table_free);
  g_autoptr(GPtrArray) models = g_ptr_array_new ();
  static const char *const labels[] = { "main", "worker", "IOManager" };
  Model model = { g_hash_table_new_full (NULL, NULL, NULL, g_free) };

  for (guint round = 0; round < 40; round++)
    {
      guint n_writes = g_rand_int_range (rand, 0, 3000);

      for (guint w = 0; w < n_writes; w++)
        {
          guint32 id;
          EsThread *got, *want;

          switch (g_rand_int_range (rand, 0, 10))
            {
            case 0:
              id = ES_THREAD_TABLE_DENSE_IDS + g_rand_int_range (rand, 0, 1 << 20);
              break;
            case 1:
              id = g_rand_int_range (rand, 0, 1 << 22);
              break;
            default:
              /* Mostly new threads near the newest, as a program makes them. */
              id = (guint32) MAX (0, (gint32) (round * 800) - g_rand_int_range (rand, -200, 3000));
              break;
            }
          if (g_rand_int_range (rand, 0, 4) == 0)
            {
              es_thread_table_mention (table, id);
              model_write (&model, id);
              continue;
            }
          got = es_thread_table_write (table, id);
          want = model_write (&model, id);
          switch (g_rand_int_range (rand, 0, 4))
            {
            case 0:
              got->n_wakeups++, want->n_wakeups++;
              break;
            case 1:
              got->n_migrations++, want->n_migrations++;
              break;
            case 2:
              got->created = want->created = g_rand_int (rand);
              got->created_cap = want->created_cap = g_rand_int_range (rand, 0, 64);
              break;
            default:
              got->label = want->label = labels[g_rand_int_range (rand, 0, G_N_ELEMENTS (labels))];
              break;
            }
        }
      g_ptr_array_add (frozen, es_thread_table_freeze (table));
      {
        /* The model as it is now, for this frozen table. */
        Model *copy = g_new0 (Model, 1);
        GHashTableIter iter;
        gpointer key, value;

        copy->threads = g_hash_table_new_full (NULL, NULL, NULL, g_free);
        g_hash_table_iter_init (&iter, model.threads);
        while (g_hash_table_iter_next (&iter, &key, &value))
          g_hash_table_insert (copy->threads, key, g_memdup2 (value, sizeof (EsThread)));
        g_ptr_array_add (models, copy);
      }
    }
  g_assert_cmpuint (g_hash_table_size (model.threads), >, 30000);
  for (guint i = 0; i < frozen->len; i++)
    {
      Model *m = g_ptr_array_index (models, i);

      check_against_model (g_ptr_array_index (frozen, i), m, rand);
      g_hash_table_unref (m->threads);
      g_free (m);
    }
  g_hash_table_unref (model.threads);
}

/* A thread of a chunk the builder has not changed since the last freeze
 * is the same memory in both frozen tables; writing one copies its chunk
 * for the builder, and a thread that is only mentioned again copies
 * nothing. */
static void
test_unchanged_chunks_shared (void)
{
  g_autoptr(EsThreadTable) table = es_thread_table_new ();
  g_autoptr(EsThreadTable) first = NULL, second = NULL, third = NULL;

  for (guint32 id = 1; id <= 5000; id++)
    es_thread_table_write (table, id)->n_wakeups = id;
  first = es_thread_table_freeze (table);

  es_thread_table_write (table, 7)->n_wakeups++;
  es_thread_table_mention (table, 3000);
  es_thread_table_mention (table, 5001);
  second = es_thread_table_freeze (table);

  g_assert_cmpuint (es_thread_table_get_length (first), ==, 5000);
  g_assert_cmpuint (es_thread_table_get_length (second), ==, 5001);
  /* Thread 7 at position 6, thread 3000 at 2999. */
  g_assert_cmpuint (es_thread_table_get (first, 6)->n_wakeups, ==, 7);
  g_assert_cmpuint (es_thread_table_get (second, 6)->n_wakeups, ==, 8);
  g_assert_true (es_thread_table_get (first, 6) != es_thread_table_get (second, 6));
  g_assert_true (es_thread_table_get (first, 2999) == es_thread_table_get (second, 2999));
  g_assert_cmpuint (es_thread_table_get (second, 5000)->id, ==, 5001);

  /* Written again after the freeze: chunk 0 is copied once more, and the
   * second table keeps its count. */
  es_thread_table_write (table, 7)->n_wakeups++;
  third = es_thread_table_freeze (table);
  g_assert_cmpuint (es_thread_table_get (second, 6)->n_wakeups, ==, 8);
  g_assert_cmpuint (es_thread_table_get (third, 6)->n_wakeups, ==, 9);
  g_assert_true (es_thread_table_get (second, 4000) == es_thread_table_get (third, 4000));
}

/* Threads whose ids are far apart (a log may number them so) take memory
 * in proportion to how many they are, not to the range of their ids; and
 * a snapshot after each one changed copies them, not their ranges. */
static void
test_spread_ids_take_little_memory (void)
{
  g_autoptr(EsThreadTable) table = es_thread_table_new ();
  g_autoptr(EsThreadTable) first = NULL, second = NULL;

  for (guint32 k = 0; k < 4096; k++)
    es_thread_table_write (table, k * 1024 + 1)->n_wakeups = k;
  first = es_thread_table_freeze (table);
  for (guint32 k = 0; k < 4096; k++)
    es_thread_table_write (table, k * 1024 + 1)->n_wakeups++;
  second = es_thread_table_freeze (table);

  g_assert_cmpuint (es_thread_table_get_length (second), ==, 4096);
  g_assert_cmpuint (es_thread_table_get (first, 4095)->n_wakeups, ==, 4095);
  g_assert_cmpuint (es_thread_table_get (second, 4095)->n_wakeups, ==, 4096);
  g_assert_cmpuint (es_thread_table_find (second, 4095 * 1024 + 1), ==, 4095);
  /* 32 bytes a thread, and a chunk's few hundred of bookkeeping: not
   * 32 kB a chunk of 1,024 ids. */
  g_assert_cmpuint (es_thread_table_get_bytes (first), <, 4096 * 512);
  g_assert_cmpuint (es_thread_table_get_bytes (table), <, 4096 * 512);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/thread-table/frozen-tables-keep-their-threads", test_frozen_tables_keep_their_threads);
  g_test_add_func ("/thread-table/unchanged-chunks-shared", test_unchanged_chunks_shared);
  g_test_add_func ("/thread-table/spread-ids-take-little-memory", test_spread_ids_take_little_memory);
  return g_test_run ();
}
