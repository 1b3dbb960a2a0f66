/* es-bookmarks.c: named moments of a log, kept between sessions
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-bookmarks-private.h"
#include "es-search.h"

/* A log's bookmarks start as its traceMarker events. Once the user edits
 * them they are saved, and from then on the saved set is the truth: a
 * marker the user removed stays removed.
 *
 * They are saved in g_get_user_data_dir()/eventscope/bookmarks/<key>.ini,
 * where key is the SHA-256 of the log's canonical path, never beside the
 * log (its folder may be read-only, or a build tree that is wiped). The
 * file records the path, the log's size and the run's identity (its pid
 * and wall-clock start, when the log has them), because another log may
 * appear at the same path later. On loading:
 *  - same size: the saved set, as it is;
 *  - another size, and both runs have an identity that differs: another
 *    program run replaced the log; its markers are used and the old set is
 *    set aside (overwritten at the next edit), with an OTHER_LOG problem;
 *  - another size otherwise (the log grew, or no identity to tell): the
 *    saved set, without the bookmarks past the run's end.
 *
 * The items are a GArray of EsBookmark that never changes once published:
 * every edit makes a new one. A painter on another thread (export) can
 * then hold a reference to the array it was given, however the user edits.
 * Loading and saving, on a worker thread, are in es-bookmarks-io.c. */

#define FORMAT_VERSION 1
#define LOG_GROUP      "Log"
#define BOOKMARK_GROUP "Bookmark"

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (EsBookmarks, es_bookmarks, G_TYPE_OBJECT)

G_DEFINE_QUARK (es-bookmarks-error-quark, es_bookmarks_error)

void
es_bookmarks_log_identity_clear (LogIdentity *log)
{
  g_clear_pointer (&log->path, g_free);
}

static void
clear_bookmark (gpointer data)
{
  EsBookmark *bookmark = data;

  g_clear_pointer (&bookmark->name, g_ref_string_release);
}

/* Names are shared by the arrays an edit copies, which would otherwise
 * copy every name on every edit. */
static char *
take_name (char *name)
{
  char *shared = g_ref_string_new (name);

  g_free (name);
  return shared;
}

GArray *
es_bookmarks_items_new (guint reserve)
{
  GArray *items = g_array_sized_new (FALSE, FALSE, sizeof (EsBookmark), reserve);

  g_array_set_clear_func (items, clear_bookmark);
  return items;
}

static GArray *
items_copy (GArray *items)
{
  GArray *copy = es_bookmarks_items_new (items->len + 1);

  for (guint i = 0; i < items->len; i++)
    {
      EsBookmark b = g_array_index (items, EsBookmark, i);

      b.name = g_ref_string_acquire (b.name);
      g_array_append_val (copy, b);
    }
  return copy;
}

static int
compare_bookmarks (gconstpointer a,
                   gconstpointer b)
{
  const EsBookmark *x = a, *y = b;

  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return x->id < y->id ? -1 : x->id > y->id;
}

static void
es_bookmarks_finalize (GObject *object)
{
  EsBookmarks *self = ES_BOOKMARKS (object);

  g_clear_pointer (&self->items, g_array_unref);
  es_bookmarks_log_identity_clear (&self->log);
  g_clear_error (&self->load_problem);
  G_OBJECT_CLASS (es_bookmarks_parent_class)->finalize (object);
}

static void
es_bookmarks_class_init (EsBookmarksClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = es_bookmarks_finalize;

  /**
   * EsBookmarks::changed:
   *
   * A bookmark was added, renamed or removed: the array is a new one.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
es_bookmarks_init (EsBookmarks *self)
{
  self->items = es_bookmarks_items_new (0);
  self->next_id = 1;
}

EsBookmarks *
es_bookmarks_new (void)
{
  return g_object_new (ES_TYPE_BOOKMARKS, NULL);
}

/**
 * es_bookmarks_make_name_valid:
 * @length: bytes of @name, or -1 if nul-terminated
 *
 * Returns: (transfer full): @name as one line of valid UTF-8 (bad bytes
 *   become U+FFFD, control characters spaces), without surrounding
 *   spaces, at most ES_BOOKMARKS_MAX_NAME characters.
 */
char *
es_bookmarks_make_name_valid (const char *name,
                              gssize      length)
{
  g_autofree char *valid = NULL;
  char *end;

  if (name == NULL)
    return g_strdup ("");
  valid = g_utf8_make_valid (name, length);
  for (char *p = valid; *p != '\0'; p++)
    if ((guchar) *p < 0x20 || *p == 0x7f)
      *p = ' ';
  g_strstrip (valid);
  if (g_utf8_strlen (valid, -1) > ES_BOOKMARKS_MAX_NAME)
    {
      end = g_utf8_offset_to_pointer (valid, ES_BOOKMARKS_MAX_NAME);
      *end = '\0';
    }
  return g_steal_pointer (&valid);
}

/* Adds to @items, unsorted, for loading. */
static void
items_append (EsBookmarks *self,
              GArray      *items,
              guint64      time,
              const char  *name)
{
  EsBookmark b = { time, take_name (es_bookmarks_make_name_valid (name, -1)), self->next_id++ };

  g_array_append_val (items, b);
}

void
es_bookmarks_seed_from_markers (EsBookmarks *self,
                   EsDocument  *document)
{
  guint n;
  const EsUserEvent *markers = es_document_get_markers (document, &n);
  g_autoptr(GArray) items = NULL;

  if (n > ES_BOOKMARKS_MAX_SEEDED_MARKERS)
    n = 0;
  items = es_bookmarks_items_new (n);
  for (guint i = 0; i < n; i++)
    items_append (self, items, markers[i].time, markers[i].text);
  g_array_sort (items, compare_bookmarks);
  g_clear_pointer (&self->items, g_array_unref);
  self->items = g_steal_pointer (&items);
  self->origin = ES_BOOKMARKS_FROM_MARKERS;
}

/**
 * es_bookmarks_new_from_markers:
 *
 * Returns: (transfer full): a set of no file, one bookmark per marker of
 *   @document (its traceMarker events), named by their text; none when
 *   it has more than %ES_BOOKMARKS_MAX_SEEDED_MARKERS
 */
EsBookmarks *
es_bookmarks_new_from_markers (EsDocument *document)
{
  EsBookmarks *self;

  g_return_val_if_fail (ES_IS_DOCUMENT (document), NULL);

  self = es_bookmarks_new ();
  es_bookmarks_seed_from_markers (self, document);
  return self;
}

/**
 * es_bookmarks_get_array:
 *
 * Returns: (transfer none) (element-type EsBookmark): the bookmarks by
 *   time. The array never changes; an edit replaces it, so g_array_ref()
 *   it to keep it past one.
 */
GArray *
es_bookmarks_get_array (EsBookmarks *self)
{
  g_return_val_if_fail (ES_IS_BOOKMARKS (self), NULL);

  return self->items;
}

const EsBookmark *
es_bookmarks_get (EsBookmarks *self,
                  guint       *n_bookmarks)
{
  g_return_val_if_fail (ES_IS_BOOKMARKS (self), NULL);
  g_return_val_if_fail (n_bookmarks != NULL, NULL);

  *n_bookmarks = self->items->len;
  return (const EsBookmark *) (gconstpointer) self->items->data;
}

/**
 * es_bookmarks_lookup:
 * @index: (out) (optional): where it is in the array
 *
 * Returns: (nullable): the bookmark @id, or NULL if there is none
 */
const EsBookmark *
es_bookmarks_lookup (EsBookmarks *self,
                     guint32      id,
                     guint       *index)
{
  g_return_val_if_fail (ES_IS_BOOKMARKS (self), NULL);

  for (guint i = 0; i < self->items->len; i++)
    if (g_array_index (self->items, EsBookmark, i).id == id)
      {
        if (index != NULL)
          *index = i;
        return &g_array_index (self->items, EsBookmark, i);
      }
  return NULL;
}

static void
publish (EsBookmarks *self,
         GArray      *items)
{
  g_array_unref (self->items);
  self->items = items;
  g_signal_emit (self, signals[CHANGED], 0);
}

/**
 * es_bookmarks_add:
 *
 * Adds a bookmark, after those at the same time, unless the set holds
 * ES_BOOKMARKS_MAX_COUNT already (more would not load again).
 *
 * Returns: its id, or 0 when the set is full
 */
guint32
es_bookmarks_add (EsBookmarks *self,
                  guint64      time,
                  const char  *name)
{
  GArray *items;
  EsBookmark b;
  guint at;

  g_return_val_if_fail (ES_IS_BOOKMARKS (self), 0);

  if (self->items->len >= ES_BOOKMARKS_MAX_COUNT)
    return 0;
  items = items_copy (self->items);
  at = es_search_upper_bound (items->data, items->len, sizeof (EsBookmark),
                              G_STRUCT_OFFSET (EsBookmark, time), time);
  b.time = time;
  b.name = take_name (es_bookmarks_make_name_valid (name, -1));
  b.id = self->next_id++;
  g_array_insert_val (items, at, b);
  publish (self, items);
  return b.id;
}

/**
 * es_bookmarks_rename:
 *
 * Returns: %FALSE if there is no bookmark @id
 */
gboolean
es_bookmarks_rename (EsBookmarks *self,
                     guint32      id,
                     const char  *name)
{
  GArray *items;
  g_autofree char *valid = NULL;
  guint index;
  EsBookmark *b;

  g_return_val_if_fail (ES_IS_BOOKMARKS (self), FALSE);

  if (es_bookmarks_lookup (self, id, &index) == NULL)
    return FALSE;
  valid = es_bookmarks_make_name_valid (name, -1);
  if (g_str_equal (valid, g_array_index (self->items, EsBookmark, index).name))
    return TRUE;
  items = items_copy (self->items);
  b = &g_array_index (items, EsBookmark, index);
  g_ref_string_release (b->name);
  b->name = take_name (g_steal_pointer (&valid));
  publish (self, items);
  return TRUE;
}

/**
 * es_bookmarks_remove:
 *
 * Returns: %FALSE if there is no bookmark @id
 */
gboolean
es_bookmarks_remove (EsBookmarks *self,
                     guint32      id)
{
  GArray *items;
  guint index;

  g_return_val_if_fail (ES_IS_BOOKMARKS (self), FALSE);

  if (es_bookmarks_lookup (self, id, &index) == NULL)
    return FALSE;
  items = items_copy (self->items);
  g_array_remove_index (items, index);
  publish (self, items);
  return TRUE;
}

/* ---- the file ---------------------------------------------------------- */

/**
 * es_bookmarks_to_data:
 *
 * Returns: (transfer full): the bookmarks as a key file, with the identity
 *   of the log they were loaded for
 */
char *
es_bookmarks_to_data (EsBookmarks *self,
                      gsize       *length)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();

  g_return_val_if_fail (ES_IS_BOOKMARKS (self), NULL);

  g_key_file_set_integer (file, LOG_GROUP, "version", FORMAT_VERSION);
  /* For people reading it: the file name (a hash) is what finds it. */
  if (self->log.path != NULL)
    {
      g_autofree char *display = g_filename_display_name (self->log.path);

      g_key_file_set_string (file, LOG_GROUP, "path", display);
    }
  g_key_file_set_uint64 (file, LOG_GROUP, "size", self->log.size);
  g_key_file_set_uint64 (file, LOG_GROUP, "pid", self->log.pid);
  g_key_file_set_uint64 (file, LOG_GROUP, "wall-clock-sec", self->log.wall_clock_sec);
  g_key_file_set_uint64 (file, LOG_GROUP, "wall-clock-nsec", self->log.wall_clock_nsec);
  for (guint i = 0; i < self->items->len; i++)
    {
      const EsBookmark *b = &g_array_index (self->items, EsBookmark, i);
      g_autofree char *group = g_strdup_printf (BOOKMARK_GROUP " %u", i + 1);

      g_key_file_set_uint64 (file, group, "time", b->time);
      g_key_file_set_string (file, group, "name", b->name);
    }
  return g_key_file_to_data (file, length, NULL);
}

/* Strict: digits only, no sign, no overflow (g_key_file_get_uint64 takes
 * "-1" as 2^64 - 1). */
static gboolean
get_number (GKeyFile    *file,
            const char  *group,
            const char  *key,
            guint64      max,
            guint64     *value,
            GError     **error)
{
  g_autofree char *text = g_key_file_get_value (file, group, key, NULL);
  g_autoptr(GError) local_error = NULL;

  if (text == NULL)
    {
      g_set_error (error, ES_BOOKMARKS_ERROR, ES_BOOKMARKS_ERROR_INVALID,
                   "[%s] has no %s", group, key);
      return FALSE;
    }
  g_strstrip (text);
  if (!g_ascii_string_to_unsigned (text, 10, 0, max, value, &local_error))
    {
      g_set_error (error, ES_BOOKMARKS_ERROR, ES_BOOKMARKS_ERROR_INVALID,
                   "[%s] %s: %s", group, key, local_error->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_log_group (GKeyFile     *file,
                 LogIdentity  *saved,
                 GError      **error)
{
  guint64 version, value;
  g_autofree char *path = NULL;

  if (!g_key_file_has_group (file, LOG_GROUP))
    {
      g_set_error (error, ES_BOOKMARKS_ERROR, ES_BOOKMARKS_ERROR_INVALID,
                   "not a bookmarks file: it has no [%s] group", LOG_GROUP);
      return FALSE;
    }
  if (!get_number (file, LOG_GROUP, "version", G_MAXUINT32, &version, error))
    return FALSE;
  if (version > FORMAT_VERSION)
    {
      g_set_error (error, ES_BOOKMARKS_ERROR, ES_BOOKMARKS_ERROR_NEWER_VERSION,
                   "format %" G_GUINT64_FORMAT " is newer than this Eventscope reads (%d)",
                   version, FORMAT_VERSION);
      return FALSE;
    }
  if (!get_number (file, LOG_GROUP, "size", G_MAXUINT64, &saved->size, error))
    return FALSE;
  /* The run's identity is optional: 0 when absent or unreadable. */
  if (get_number (file, LOG_GROUP, "pid", G_MAXUINT32, &value, NULL))
    saved->pid = (guint32) value;
  if (get_number (file, LOG_GROUP, "wall-clock-sec", G_MAXUINT64, &value, NULL))
    saved->wall_clock_sec = value;
  if (get_number (file, LOG_GROUP, "wall-clock-nsec", G_MAXUINT32, &value, NULL))
    saved->wall_clock_nsec = (guint32) value;
  path = g_key_file_get_string (file, LOG_GROUP, "path", NULL);
  if (path == NULL)
    path = g_key_file_get_value (file, LOG_GROUP, "path", NULL);
  g_free (saved->path);
  saved->path = path != NULL ? g_utf8_make_valid (path, -1) : NULL;
  return TRUE;
}

/* Reads a bookmarks file into @items and @saved. A bookmark with a bad
 * time is left out and counted in @n_skipped; a bad file as a whole is an
 * error. */
gboolean
es_bookmarks_parse_data (EsBookmarks  *self,
            const char   *data,
            gsize         length,
            GArray       *items,
            LogIdentity  *saved,
            guint        *n_skipped,
            GError      **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) local_error = NULL;
  g_auto(GStrv) groups = NULL;
  gsize n_groups = 0;

  *n_skipped = 0;
  if (length > ES_BOOKMARKS_MAX_FILE_SIZE)
    {
      g_set_error (error, ES_BOOKMARKS_ERROR, ES_BOOKMARKS_ERROR_TOO_LARGE,
                   "%" G_GSIZE_FORMAT " bytes is too large for a bookmarks file (at most %d)",
                   length, ES_BOOKMARKS_MAX_FILE_SIZE);
      return FALSE;
    }
  if (memchr (data, '\0', length) != NULL)
    {
      g_set_error (error, ES_BOOKMARKS_ERROR, ES_BOOKMARKS_ERROR_INVALID,
                   "not a bookmarks file: it holds a NUL byte at byte %" G_GSIZE_FORMAT,
                   (gsize) ((const char *) memchr (data, '\0', length) - data));
      return FALSE;
    }
  if (!g_key_file_load_from_data (file, data, length, G_KEY_FILE_NONE, &local_error))
    {
      g_set_error (error, ES_BOOKMARKS_ERROR, ES_BOOKMARKS_ERROR_INVALID,
                   "not a bookmarks file: %s", local_error->message);
      return FALSE;
    }
  if (!parse_log_group (file, saved, error))
    return FALSE;

  groups = g_key_file_get_groups (file, &n_groups);
  if (n_groups > ES_BOOKMARKS_MAX_COUNT + 1)
    {
      g_set_error (error, ES_BOOKMARKS_ERROR, ES_BOOKMARKS_ERROR_TOO_LARGE,
                   "%" G_GSIZE_FORMAT " bookmarks are more than %d", n_groups - 1, ES_BOOKMARKS_MAX_COUNT);
      return FALSE;
    }
  for (gsize i = 0; i < n_groups; i++)
    {
      g_autofree char *name = NULL;
      guint64 time;

      /* Other groups are for later versions. */
      if (!g_str_has_prefix (groups[i], BOOKMARK_GROUP " "))
        continue;
      if (!get_number (file, groups[i], "time", G_MAXUINT64, &time, NULL))
        {
          (*n_skipped)++;
          continue;
        }
      name = g_key_file_get_string (file, groups[i], "name", NULL);
      if (name == NULL)
        name = g_key_file_get_value (file, groups[i], "name", NULL);  /* not UTF-8: made valid */
      items_append (self, items, time, name);
    }
  g_array_sort (items, compare_bookmarks);
  return TRUE;
}

/**
 * es_bookmarks_parse:
 *
 * Replaces the bookmarks of @self with those of a bookmarks file, and its
 * log's identity with the one in the file. A bookmark whose time is not a
 * number is left out.
 *
 * Returns: %FALSE, changing nothing, if @data is not a bookmarks file
 */
gboolean
es_bookmarks_parse (EsBookmarks  *self,
                    const char   *data,
                    gsize         length,
                    GError      **error)
{
  g_autoptr(GArray) items = es_bookmarks_items_new (0);
  LogIdentity saved = { 0 };
  guint n_skipped;

  g_return_val_if_fail (ES_IS_BOOKMARKS (self), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (!es_bookmarks_parse_data (self, data != NULL ? data : "", length, items, &saved, &n_skipped, error))
    {
      es_bookmarks_log_identity_clear (&saved);
      return FALSE;
    }
  es_bookmarks_log_identity_clear (&self->log);
  self->log = saved;
  self->origin = ES_BOOKMARKS_FROM_SAVED;
  publish (self, g_steal_pointer (&items));
  return TRUE;
}

/**
 * es_bookmarks_file_for_log:
 * @canonical_path: the log's absolute path, symbolic links resolved
 *
 * Returns: (transfer full): where the bookmarks of that log are saved
 */
char *
es_bookmarks_file_for_log (const char *canonical_path)
{
  g_autofree char *key = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (canonical_path != NULL, NULL);

  key = g_compute_checksum_for_string (G_CHECKSUM_SHA256, canonical_path, -1);
  name = g_strconcat (key, ".ini", NULL);
  return g_build_filename (g_get_user_data_dir (), "eventscope", "bookmarks", name, NULL);
}

/**
 * es_bookmarks_get_log_path:
 *
 * Returns: (nullable): the canonical path of the log, or NULL for a set
 *   of no file
 */
const char *
es_bookmarks_get_log_path (EsBookmarks *self)
{
  g_return_val_if_fail (ES_IS_BOOKMARKS (self), NULL);

  return self->log.path;
}

guint64
es_bookmarks_get_log_size (EsBookmarks *self)
{
  g_return_val_if_fail (ES_IS_BOOKMARKS (self), 0);

  return self->log.size;
}

EsBookmarksOrigin
es_bookmarks_get_origin (EsBookmarks *self)
{
  g_return_val_if_fail (ES_IS_BOOKMARKS (self), ES_BOOKMARKS_FROM_MARKERS);

  return self->origin;
}

/**
 * es_bookmarks_get_load_problem:
 *
 * Returns: (nullable): why a saved set was not used (unreadable, or for
 *   another log), or why part of it was left out; NULL if all went well
 */
const GError *
es_bookmarks_get_load_problem (EsBookmarks *self)
{
  g_return_val_if_fail (ES_IS_BOOKMARKS (self), NULL);

  return self->load_problem;
}
