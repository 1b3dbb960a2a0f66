/* test-bookmarks.c: bookmarks start as markers, keep their order, and
 * survive saving, loading and hostile files
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "es-bookmarks.h"
#include "es-test-log.h"

#define TAG_RUN_THREAD   1
#define TAG_PID          32
#define TAG_WALL_CLOCK   43
#define TAG_USER_MARKER  58

typedef struct
{
  guint64     time;
  guint16     cap;
  const char *text;
} Marker;

/* A two-cap log with @markers (each cap's in time order), a run identity
 * when @pid is not 0, and its last event at @end. */
static char *
write_log (const Marker *markers,
           guint         n_markers,
           guint32       pid,
           guint64       end)
{
  g_autoptr(EsTestLog) log = es_test_log_new ();
  GByteArray *data;

  es_test_log_declare_ghc (log);
  es_test_log_begin_data (log);
  if (pid != 0)
    {
      es_test_log_event (log, TAG_PID, 1, es_payload_u32 (es_payload_u32 (es_payload_new (), 0), pid));
      es_test_log_event (log, TAG_WALL_CLOCK, 2,
                         es_payload_u32 (es_payload_u64 (es_payload_u32 (es_payload_new (), 0), 1795360519), pid));
    }
  for (guint16 cap = 0; cap < 2; cap++)
    {
      es_test_log_begin_block (log, 5, cap);
      es_test_log_event (log, TAG_RUN_THREAD, 5, es_payload_u32 (es_payload_new (), cap + 1));
      for (guint i = 0; i < n_markers; i++)
        if (markers[i].cap == cap)
          es_test_log_event (log, TAG_USER_MARKER, markers[i].time, es_payload_str (es_payload_new (), markers[i].text));
      es_test_log_event (log, TAG_RUN_THREAD, end, es_payload_u32 (es_payload_new (), cap + 1));
      es_test_log_end_block (log, end);
    }
  es_test_log_end (log);
  data = es_test_log_get_data (log);
  return es_test_write_temp_log (data->data, data->len);
}

static EsDocument *
load_document (const char *path)
{
  g_autoptr(GError) error = NULL;
  EsDocument *document = es_document_load_file (path, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (document);
  return document;
}

static void
store_result_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

static EsBookmarks *
load_bookmarks (EsDocument *document,
                const char *path)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  EsBookmarks *bookmarks;

  es_bookmarks_load_async (document, path, NULL, store_result_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  bookmarks = es_bookmarks_load_finish (result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (bookmarks);
  return bookmarks;
}

static void
save_bookmarks (EsBookmarks *bookmarks)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  es_bookmarks_save_async (bookmarks, NULL, store_result_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (es_bookmarks_save_finish (bookmarks, result, &error));
  g_assert_no_error (error);
}

static char *
saved_file_of (const char *log_path)
{
  char *resolved = realpath (log_path, NULL);
  char *file;

  g_assert_nonnull (resolved);
  file = es_bookmarks_file_for_log (resolved);
  free (resolved);
  return file;
}

static void
assert_sorted (EsBookmarks *bookmarks)
{
  guint n;
  const EsBookmark *b = es_bookmarks_get (bookmarks, &n);

  for (guint i = 1; i < n; i++)
    g_assert_cmpuint (b[i - 1].time, <=, b[i].time);
  for (guint i = 0; i < n; i++)
    g_assert_true (g_utf8_validate (b[i].name, -1, NULL));
}

/* Two sets are the same bookmarks: the same times and names, in order. */
static void
assert_same (EsBookmarks *a,
             EsBookmarks *b)
{
  guint na, nb;
  const EsBookmark *x = es_bookmarks_get (a, &na);
  const EsBookmark *y = es_bookmarks_get (b, &nb);

  g_assert_cmpuint (na, ==, nb);
  for (guint i = 0; i < na; i++)
    {
      g_assert_cmpuint (x[i].time, ==, y[i].time);
      g_assert_cmpstr (x[i].name, ==, y[i].name);
    }
}

static const Marker three_markers[] = {
  { 10, 0, "start" }, { 90, 0, "bad \377 byte\nand a line" }, { 50, 1, "middle" },
};

/* The markers, by time across caps, with names made valid one-liners. */
static void
test_seed_synthetic (void)
{
  g_autofree char *path = write_log (three_markers, G_N_ELEMENTS (three_markers), 0, 200);
  g_autoptr(EsDocument) document = load_document (path);
  g_autoptr(EsBookmarks) seeded = es_bookmarks_new_from_markers (document);
  g_autoptr(EsBookmarks) loaded = NULL;
  g_autofree char *file = saved_file_of (path);
  const EsBookmark *b;
  guint n;

  b = es_bookmarks_get (seeded, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (b[0].time, ==, 10);
  g_assert_cmpstr (b[0].name, ==, "start");
  g_assert_cmpuint (b[1].time, ==, 50);
  g_assert_cmpstr (b[1].name, ==, "middle");
  g_assert_cmpuint (b[2].time, ==, 90);
  g_assert_cmpstr (b[2].name, ==, "bad \357\277\275 byte and a line");
  g_assert_null (es_bookmarks_get_log_path (seeded));

  /* Nothing saved: loading gives the markers, and says nothing is wrong. */
  loaded = load_bookmarks (document, path);
  g_assert_cmpint (es_bookmarks_get_origin (loaded), ==, ES_BOOKMARKS_FROM_MARKERS);
  g_assert_null (es_bookmarks_get_load_problem (loaded));
  assert_same (loaded, seeded);
  g_assert_nonnull (es_bookmarks_get_log_path (loaded));
  g_assert_true (g_path_is_absolute (es_bookmarks_get_log_path (loaded)));
  g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
  g_unlink (path);
}

/* A program that marks every iteration: up to the limit every marker is a
 * bookmark; one more and none is (they stay in the Markers row), rather
 * than the first thousands burying the data and the rest missing. */
static void
test_seed_dense_markers (void)
{
  for (guint extra = 0; extra <= 1; extra++)
    {
      guint n_markers = ES_BOOKMARKS_MAX_SEEDED_MARKERS + extra;
      g_autofree Marker *markers = g_new0 (Marker, n_markers);
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *path = NULL;
      g_autoptr(EsDocument) document = NULL;
      g_autoptr(EsBookmarks) seeded = NULL;
      g_autoptr(EsBookmarks) loaded = NULL;
      guint n, n_in_document;

      for (guint i = 0; i < n_markers; i++)
        {
          g_ptr_array_add (names, g_strdup_printf ("iteration %u", i));
          markers[i] = (Marker) { 10 + 10 * (guint64) i, 0, g_ptr_array_index (names, i) };
        }
      path = write_log (markers, n_markers, 0, 20 + 10 * (guint64) n_markers);
      document = load_document (path);
      es_document_get_markers (document, &n_in_document);
      g_assert_cmpuint (n_in_document, ==, n_markers);
      seeded = es_bookmarks_new_from_markers (document);
      es_bookmarks_get (seeded, &n);
      g_assert_cmpuint (n, ==, extra ? 0 : n_markers);
      loaded = load_bookmarks (document, path);
      g_assert_cmpint (es_bookmarks_get_origin (loaded), ==, ES_BOOKMARKS_FROM_MARKERS);
      es_bookmarks_get (loaded, &n);
      g_assert_cmpuint (n, ==, extra ? 0 : n_markers);
      g_unlink (path);
    }
}

static void
test_seed_fixture (void)
{
  g_autoptr(EsDocument) document = es_test_load_fixture ("parfib-N2.eventlog");
  g_autoptr(EsBookmarks) seeded = es_bookmarks_new_from_markers (document);
  guint n_markers, n;
  const EsUserEvent *markers = es_document_get_markers (document, &n_markers);
  const EsBookmark *b = es_bookmarks_get (seeded, &n);

  g_assert_cmpuint (n_markers, >, 0);
  g_assert_cmpuint (n, ==, n_markers);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (b[i].time, ==, markers[i].time);
      g_assert_cmpstr (b[i].name, ==, markers[i].text);
    }
}

typedef struct
{
  guint64 time;
  guint32 id;
  char    name[32];
} Reference;

static int
compare_reference (gconstpointer a,
                   gconstpointer b)
{
  const Reference *x = a, *y = b;

  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return x->id < y->id ? -1 : x->id > y->id;
}

/* Random adds, renames and removes against a plain sorted array; and the
 * array a painter holds never changes under it. */
static void
test_edits_keep_order (void)
{
  g_autoptr(EsBookmarks) bookmarks = es_bookmarks_new ();
  g_autoptr(GArray) reference = g_array_new (FALSE, FALSE, sizeof (Reference));
  g_autoptr(GArray) held = NULL;
  guint changes = 0;

  for (guint step = 0; step < 400; step++)
    {
      guint op = reference->len == 0 ? 0 : g_test_rand_int_range (0, 3);
      const EsBookmark *b;
      guint n, held_len;

      held = g_array_ref (es_bookmarks_get_array (bookmarks));
      held_len = held->len;
      if (op == 0)
        {
          Reference r = { (guint64) g_test_rand_int_range (0, 50) * 1000, 0, "" };

          g_snprintf (r.name, sizeof r.name, "b%u", step);
          r.id = es_bookmarks_add (bookmarks, r.time, r.name);
          g_array_append_val (reference, r);
        }
      else
        {
          guint at = g_test_rand_int_range (0, reference->len);
          Reference *r = &g_array_index (reference, Reference, at);

          if (op == 1)
            {
              g_snprintf (r->name, sizeof r->name, "renamed %u", step);
              g_assert_true (es_bookmarks_rename (bookmarks, r->id, r->name));
            }
          else
            {
              g_assert_true (es_bookmarks_remove (bookmarks, r->id));
              g_array_remove_index (reference, at);
            }
        }
      changes++;
      g_array_sort (reference, compare_reference);
      b = es_bookmarks_get (bookmarks, &n);
      g_assert_cmpuint (n, ==, reference->len);
      for (guint i = 0; i < n; i++)
        {
          g_assert_cmpuint (b[i].time, ==, g_array_index (reference, Reference, i).time);
          g_assert_cmpuint (b[i].id, ==, g_array_index (reference, Reference, i).id);
          g_assert_cmpstr (b[i].name, ==, g_array_index (reference, Reference, i).name);
        }
      /* The edit made a new array; the one held before is still whole. */
      g_assert_false (es_bookmarks_get_array (bookmarks) == held);
      g_assert_cmpuint (held->len, ==, held_len);
      g_clear_pointer (&held, g_array_unref);
    }
  g_assert_cmpuint (changes, ==, 400);
  g_assert_false (es_bookmarks_remove (bookmarks, 0));
  g_assert_false (es_bookmarks_rename (bookmarks, G_MAXUINT32, "x"));
  g_assert_null (es_bookmarks_lookup (bookmarks, G_MAXUINT32, NULL));
}

/* Edit, save, load again: the same bookmarks; and a removed marker stays
 * removed although the log still has it. */
static void
test_round_trip (void)
{
  g_autofree char *path = write_log (three_markers, G_N_ELEMENTS (three_markers), 77, 200);
  g_autoptr(EsDocument) document = load_document (path);
  g_autoptr(EsBookmarks) edited = load_bookmarks (document, path);
  g_autoptr(EsBookmarks) again = NULL;
  g_autofree char *file = saved_file_of (path);
  g_autofree char *user_data = g_build_filename (g_get_user_data_dir (), "", NULL);
  guint index;
  const EsBookmark *b;
  guint32 id;
  guint n;

  g_assert_cmpint (es_bookmarks_get_origin (edited), ==, ES_BOOKMARKS_FROM_MARKERS);
  b = es_bookmarks_get (edited, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_true (es_bookmarks_remove (edited, b[0].id));           /* the "start" marker */
  es_bookmarks_add (edited, 120, "mine, with \"quotes\" = and [brackets]");
  es_bookmarks_add (edited, 50, "same time as middle");
  b = es_bookmarks_get (edited, &n);
  id = b[0].id;
  g_assert_true (es_bookmarks_rename (edited, id, "  the middle  "));
  g_assert_nonnull (es_bookmarks_lookup (edited, id, &index));
  g_assert_cmpstr (es_bookmarks_get (edited, &n)[index].name, ==, "the middle");
  save_bookmarks (edited);

  g_assert_true (g_str_has_prefix (file, user_data));
  g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
  again = load_bookmarks (document, path);
  g_assert_cmpint (es_bookmarks_get_origin (again), ==, ES_BOOKMARKS_FROM_SAVED);
  g_assert_null (es_bookmarks_get_load_problem (again));
  assert_same (again, edited);
  b = es_bookmarks_get (again, &n);
  g_assert_cmpuint (n, ==, 4);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (b[i].name, !=, "start");
  g_assert_cmpstr (b[3].name, ==, "mine, with \"quotes\" = and [brackets]");

  /* Removing everything is a choice too: no markers come back. */
  while ((b = es_bookmarks_get (again, &n)) != NULL && n > 0)
    es_bookmarks_remove (again, b[0].id);
  save_bookmarks (again);
  g_clear_object (&again);
  again = load_bookmarks (document, path);
  es_bookmarks_get (again, &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpint (es_bookmarks_get_origin (again), ==, ES_BOOKMARKS_FROM_SAVED);
  g_unlink (file);
  g_unlink (path);
}

/* A save and a load asked at once run in that order. */
static void
test_save_then_load_in_order (void)
{
  g_autofree char *path = write_log (three_markers, G_N_ELEMENTS (three_markers), 0, 200);
  g_autoptr(EsDocument) document = load_document (path);
  g_autoptr(EsBookmarks) edited = load_bookmarks (document, path);
  g_autoptr(GAsyncResult) saved = NULL;
  g_autoptr(GAsyncResult) loaded = NULL;
  g_autoptr(EsBookmarks) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *file = saved_file_of (path);

  es_bookmarks_add (edited, 150, "late");
  es_bookmarks_save_async (edited, NULL, store_result_cb, &saved);
  es_bookmarks_load_async (document, path, NULL, store_result_cb, &loaded);
  /* Both done on their worker, before the main loop hears of them. */
  es_bookmarks_wait_for_io ();
  g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
  g_assert_null (saved);
  while (saved == NULL || loaded == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (es_bookmarks_save_finish (edited, saved, &error));
  again = es_bookmarks_load_finish (loaded, &error);
  g_assert_no_error (error);
  assert_same (again, edited);
  g_unlink (file);
  g_unlink (path);
}

/* Another run written over the log: its markers, and a word why; the
 * same run grown: the saved set, less what lies past its end. */
static void
test_other_log_at_same_path (void)
{
  static const Marker other[] = { { 20, 0, "other run" } };
  static const Marker four_markers[] = {
    { 10, 0, "start" }, { 90, 0, "bad \377 byte\nand a line" }, { 50, 1, "middle" }, { 100, 1, "new" },
  };
  g_autofree char *path = write_log (three_markers, G_N_ELEMENTS (three_markers), 100, 200);
  g_autofree char *file = saved_file_of (path);
  g_autoptr(EsDocument) first = load_document (path);
  g_autoptr(EsDocument) second = NULL;
  g_autoptr(EsDocument) third = NULL;
  g_autoptr(EsBookmarks) edited = load_bookmarks (first, path);
  g_autoptr(EsBookmarks) loaded = NULL;
  g_autofree char *replacement = NULL;
  g_autofree char *contents = NULL;
  const EsBookmark *b;
  gsize length;
  guint n;

  es_bookmarks_add (edited, 150, "first run only");
  save_bookmarks (edited);

  /* Another pid, another size. */
  replacement = write_log (other, G_N_ELEMENTS (other), 200, 400);
  g_assert_true (g_file_get_contents (replacement, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (path, contents, (gssize) length, NULL));
  second = load_document (path);
  loaded = load_bookmarks (second, path);
  g_assert_cmpint (es_bookmarks_get_origin (loaded), ==, ES_BOOKMARKS_FROM_MARKERS);
  g_assert_error ((GError *) es_bookmarks_get_load_problem (loaded), ES_BOOKMARKS_ERROR,
                  ES_BOOKMARKS_ERROR_OTHER_LOG);
  b = es_bookmarks_get (loaded, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpstr (b[0].name, ==, "other run");
  g_clear_object (&loaded);
  g_clear_pointer (&contents, g_free);
  g_unlink (replacement);
  g_clear_pointer (&replacement, g_free);

  /* The same run (pid 100), another size and shorter: the saved set
   * (not the new marker), without 150. */
  replacement = write_log (four_markers, G_N_ELEMENTS (four_markers), 100, 120);
  g_assert_true (g_file_get_contents (replacement, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (path, contents, (gssize) length, NULL));
  third = load_document (path);
  g_assert_cmpuint (es_document_get_end_time (third), <, 150);
  loaded = load_bookmarks (third, path);
  g_assert_cmpint (es_bookmarks_get_origin (loaded), ==, ES_BOOKMARKS_FROM_SAVED);
  g_assert_error ((GError *) es_bookmarks_get_load_problem (loaded), ES_BOOKMARKS_ERROR,
                  ES_BOOKMARKS_ERROR_INVALID);
  b = es_bookmarks_get (loaded, &n);
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (three_markers));
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (b[i].time, <=, es_document_get_end_time (third));
  g_unlink (replacement);
  g_unlink (file);
  g_unlink (path);
}

static void
write_saved (const char *file,
             const char *data,
             gssize      length)
{
  g_autofree char *folder = g_path_get_dirname (file);

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (file, data, length, NULL));
}

/* Whatever the file holds, loading gives the markers and names the
 * problem, and parsing it directly fails without touching the set. */
static void
test_hostile_files (void)
{
  static const struct
  {
    const char *data;
    int         code;
  } cases[] = {
    { "\x00\x01\x02", ES_BOOKMARKS_ERROR_INVALID },
    { "just some words", ES_BOOKMARKS_ERROR_INVALID },
    { "[Bookmark 1]\ntime=5\nname=x\n", ES_BOOKMARKS_ERROR_INVALID },
    { "[Log]\nversion=99\nsize=1\n", ES_BOOKMARKS_ERROR_NEWER_VERSION },
    { "[Log]\nversion=1\nsize=-3\n", ES_BOOKMARKS_ERROR_INVALID },
    { "[Log]\nversion=1\nsize=99999999999999999999999\n", ES_BOOKMARKS_ERROR_INVALID },
    { "[Log]\nversion=one\nsize=1\n", ES_BOOKMARKS_ERROR_INVALID },
    { "[L\377g]\nversion=1\n", ES_BOOKMARKS_ERROR_INVALID },
  };
  g_autofree char *path = write_log (three_markers, G_N_ELEMENTS (three_markers), 0, 200);
  g_autofree char *file = saved_file_of (path);
  g_autoptr(EsDocument) document = load_document (path);
  g_autoptr(EsBookmarks) markers = es_bookmarks_new_from_markers (document);

  for (guint i = 0; i < G_N_ELEMENTS (cases) + 3; i++)
    {
      g_autoptr(EsBookmarks) loaded = NULL;
      g_autoptr(EsBookmarks) parsed = es_bookmarks_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(GString) data = g_string_new (NULL);
      int code;

      if (i < G_N_ELEMENTS (cases))
        {
          g_string_append_len (data, cases[i].data, i == 0 ? 3 : (gssize) strlen (cases[i].data));
          code = cases[i].code;
        }
      else if (i == G_N_ELEMENTS (cases))
        {
          /* Larger than any real set. */
          g_string_append (data, "[Log]\nversion=1\nsize=1\n[Bookmark 1]\ntime=1\nname=");
          while (data->len <= ES_BOOKMARKS_MAX_FILE_SIZE)
            g_string_append (data, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
          code = ES_BOOKMARKS_ERROR_TOO_LARGE;
        }
      else if (i == G_N_ELEMENTS (cases) + 1)
        {
          g_string_append (data, "[Log]\nversion=1\nsize=1\n");
          for (guint k = 0; k <= ES_BOOKMARKS_MAX_COUNT; k++)
            g_string_append_printf (data, "[Bookmark %u]\ntime=%u\n", k, k);
          code = ES_BOOKMARKS_ERROR_TOO_LARGE;
        }
      else
        code = -1;   /* a folder where the file should be */

      g_unlink (file);
      if (code == -1)
        g_assert_cmpint (g_mkdir_with_parents (file, 0700), ==, 0);
      else
        write_saved (file, data->str, (gssize) data->len);

      loaded = load_bookmarks (document, path);
      g_assert_cmpint (es_bookmarks_get_origin (loaded), ==, ES_BOOKMARKS_FROM_MARKERS);
      g_assert_nonnull (es_bookmarks_get_load_problem (loaded));
      g_assert_nonnull (strstr (es_bookmarks_get_load_problem (loaded)->message, file));
      assert_same (loaded, markers);
      if (code == -1)
        {
          g_assert_error ((GError *) es_bookmarks_get_load_problem (loaded), ES_BOOKMARKS_ERROR,
                          ES_BOOKMARKS_ERROR_INVALID);
          g_rmdir (file);
          continue;
        }
      g_assert_error ((GError *) es_bookmarks_get_load_problem (loaded), ES_BOOKMARKS_ERROR, code);

      es_bookmarks_add (parsed, 7, "kept");
      g_assert_false (es_bookmarks_parse (parsed, data->str, data->len, &error));
      g_assert_error (error, ES_BOOKMARKS_ERROR, code);
      g_assert_cmpuint (es_bookmarks_get_array (parsed)->len, ==, 1);
    }
  g_unlink (file);
  g_unlink (path);
}

/* Bad values inside a good file: bad times leave their bookmark out, bad
 * names are made valid; the rest is the saved set. */
static char *
bad_values_file (const char *log_path,
                 gboolean    with_path)
{
  char *resolved = realpath (log_path, NULL);
  g_autofree char *display = g_filename_display_name (resolved);
  GStatBuf st;

  free (resolved);
  g_assert_cmpint (g_stat (log_path, &st), ==, 0);
  return g_strdup_printf ("[Log]\nversion=1\nsize=%" G_GUINT64_FORMAT "\n%s%s%s"
                          "[Bookmark 1]\ntime=-5\nname=negative\n"
                          "[Bookmark 2]\ntime=40\nname=caf\303\251 \377\376\n"
                          "[Bookmark 3]\ntime=12abc\nname=junk\n"
                          "[Bookmark 4]\nname=no time\n"
                          "[Bookmark 5]\ntime=30\n"
                          "[Future]\nwhatever=1\n",
                          (guint64) st.st_size, with_path ? "path=" : "", with_path ? display : "",
                          with_path ? "\n" : "");
}

/* Bad values inside a good file: bad times leave their bookmark out, bad
 * names are made valid; the rest is the saved set. */
static void
test_bad_values_left_out (void)
{
  g_autofree char *path = write_log (three_markers, G_N_ELEMENTS (three_markers), 0, 200);
  g_autofree char *file = saved_file_of (path);
  g_autoptr(EsDocument) document = load_document (path);
  g_autoptr(EsBookmarks) loaded = NULL;
  g_autofree char *without_path = bad_values_file (path, FALSE);
  g_autofree char *with_path = bad_values_file (path, TRUE);
  const EsBookmark *b;
  guint n;

  /* No path in it: nothing says it is this log's. */
  write_saved (file, without_path, -1);
  loaded = load_bookmarks (document, path);
  g_assert_error ((GError *) es_bookmarks_get_load_problem (loaded), ES_BOOKMARKS_ERROR,
                  ES_BOOKMARKS_ERROR_OTHER_LOG);
  g_assert_cmpint (es_bookmarks_get_origin (loaded), ==, ES_BOOKMARKS_FROM_MARKERS);
  g_clear_object (&loaded);

  write_saved (file, with_path, -1);
  loaded = load_bookmarks (document, path);
  g_assert_cmpint (es_bookmarks_get_origin (loaded), ==, ES_BOOKMARKS_FROM_SAVED);
  g_assert_error ((GError *) es_bookmarks_get_load_problem (loaded), ES_BOOKMARKS_ERROR,
                  ES_BOOKMARKS_ERROR_INVALID);
  b = es_bookmarks_get (loaded, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (b[0].time, ==, 30);
  g_assert_cmpstr (b[0].name, ==, "");
  g_assert_cmpuint (b[1].time, ==, 40);
  g_assert_true (g_str_has_prefix (b[1].name, "caf\303\251 "));
  assert_sorted (loaded);
  g_unlink (file);
  g_unlink (path);
}

static void
test_names_made_valid (void)
{
  g_autoptr(GString) long_name = g_string_new (NULL);
  g_autofree char *valid = NULL;

  for (guint i = 0; i < ES_BOOKMARKS_MAX_NAME + 50; i++)
    g_string_append (long_name, "\303\251");
  valid = es_bookmarks_make_name_valid (long_name->str, -1);
  g_assert_cmpuint (g_utf8_strlen (valid, -1), ==, ES_BOOKMARKS_MAX_NAME);
  g_clear_pointer (&valid, g_free);
  valid = es_bookmarks_make_name_valid ("\ta\r\nb\177\300", -1);
  g_assert_cmpstr (valid, ==, "a  b \357\277\275");
  g_clear_pointer (&valid, g_free);
  valid = es_bookmarks_make_name_valid (NULL, -1);
  g_assert_cmpstr (valid, ==, "");
}

/* A set of no file has nowhere to go: an error, not a crash. */
static void
test_save_without_log (void)
{
  g_autoptr(EsBookmarks) bookmarks = es_bookmarks_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  es_bookmarks_add (bookmarks, 1, "x");
  es_bookmarks_save_async (bookmarks, NULL, store_result_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (es_bookmarks_save_finish (bookmarks, result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
}

/* A full set (10,000 bookmarks, with the longest names in a four-byte
 * script) refuses one more, and what it writes reads back: a set the user
 * made always loads. */
static void
test_full_set_reads_back (void)
{
  g_autoptr(GString) name = g_string_new (NULL);
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(EsBookmarks) bookmarks = es_bookmarks_new ();
  g_autoptr(EsBookmarks) parsed = es_bookmarks_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *full = NULL;
  g_autofree char *data = NULL;
  gsize length;
  guint n;

  for (guint i = 0; i < ES_BOOKMARKS_MAX_NAME; i++)
    g_string_append (name, "\360\237\230\200");   /* U+1F600 */
  g_key_file_set_integer (file, "Log", "version", 1);
  g_key_file_set_uint64 (file, "Log", "size", 0);
  for (guint i = 0; i < ES_BOOKMARKS_MAX_COUNT; i++)
    {
      g_autofree char *group = g_strdup_printf ("Bookmark %u", i + 1);

      g_key_file_set_uint64 (file, group, "time", 10 + i);
      g_key_file_set_string (file, group, "name", name->str);
    }
  full = g_key_file_to_data (file, &length, NULL);
  g_assert_true (es_bookmarks_parse (bookmarks, full, length, &error));
  g_assert_no_error (error);
  es_bookmarks_get (bookmarks, &n);
  g_assert_cmpuint (n, ==, ES_BOOKMARKS_MAX_COUNT);
  g_assert_cmpuint (es_bookmarks_add (bookmarks, 0, "one more"), ==, 0);

  data = es_bookmarks_to_data (bookmarks, &length);
  g_assert_cmpuint (length, >, 4 * 1024 * 1024);
  g_assert_true (es_bookmarks_parse (parsed, data, length, &error));
  g_assert_no_error (error);
  es_bookmarks_get (parsed, &n);
  g_assert_cmpuint (n, ==, ES_BOOKMARKS_MAX_COUNT);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data_home = NULL;
  g_autofree char *saved_dir = NULL;
  int status;

  /* A data folder of its own, not the user's (G_TEST_OPTION_ISOLATE_DIRS
   * would do, but leaks in GLib 2.74, which valgrind counts). */
  g_test_init (&argc, &argv, NULL);
  data_home = g_dir_make_tmp ("eventscope-bookmarks-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  saved_dir = g_build_filename (data_home, "eventscope", "bookmarks", NULL);

  g_test_add_func ("/bookmarks/seed/synthetic-markers", test_seed_synthetic);
  g_test_add_func ("/bookmarks/seed/fixture-markers", test_seed_fixture);
  g_test_add_func ("/bookmarks/seed/dense-markers-stay-markers", test_seed_dense_markers);
  g_test_add_func ("/bookmarks/edits-keep-order", test_edits_keep_order);
  g_test_add_func ("/bookmarks/names-made-valid", test_names_made_valid);
  g_test_add_func ("/bookmarks/full-set-reads-back", test_full_set_reads_back);
  g_test_add_func ("/bookmarks/save/round-trip-and-removed-marker-stays-removed", test_round_trip);
  g_test_add_func ("/bookmarks/save/then-load-in-order", test_save_then_load_in_order);
  g_test_add_func ("/bookmarks/save/without-log", test_save_without_log);
  g_test_add_func ("/bookmarks/load/other-log-at-same-path", test_other_log_at_same_path);
  g_test_add_func ("/bookmarks/load/hostile-files", test_hostile_files);
  g_test_add_func ("/bookmarks/load/bad-values-left-out", test_bad_values_left_out);

  status = g_test_run ();
  /* Each test removed what it saved. */
  g_rmdir (saved_dir);
  g_clear_pointer (&saved_dir, g_free);
  saved_dir = g_build_filename (data_home, "eventscope", NULL);
  g_rmdir (saved_dir);
  g_rmdir (data_home);
  return status;
}
