/* es-event-item.c: one event, as a row of the event list
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-event-item.h"

/* Made only for the rows on screen (the list model creates them on demand),
 * so each holds its decoded text rather than the index. */
struct _EsEventItem
{
  GObject  parent_instance;

  guint    row;
  gboolean blank;     /* no event yet: es_event_item_new_blank() */
  guint64  time;
  guint16  cap;
  guint16  tag;
  gboolean has_thread;
  guint32  thread;
  char    *text;
};

G_DEFINE_FINAL_TYPE (EsEventItem, es_event_item, G_TYPE_OBJECT)

/* How many items exist: the tests check that millions of rows never make
 * millions of objects. */
static gint n_alive;

static void
es_event_item_finalize (GObject *object)
{
  EsEventItem *self = ES_EVENT_ITEM (object);

  g_free (self->text);
  g_atomic_int_add (&n_alive, -1);
  G_OBJECT_CLASS (es_event_item_parent_class)->finalize (object);
}

static void
es_event_item_class_init (EsEventItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = es_event_item_finalize;
}

static void
es_event_item_init (EsEventItem *self)
{
  g_atomic_int_inc (&n_alive);
}

EsEventItem *
es_event_item_new (EsEventIndex *index,
                   guint         row)
{
  EsEventItem *self = g_object_new (ES_TYPE_EVENT_ITEM, NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  EsEvent event;

  self->row = row;
  if (es_event_index_decode (index, row, &event))
    {
      self->time = event.time;
      self->cap = event.cap;
      self->tag = event.tag;
      self->has_thread = es_event_get_thread (&event, &self->thread);
      es_event_index_append_text (index, &event, text);
    }
  /* A label shows one line: block markers end with a newline in ghc-events'
   * text, messages with several get the symbol for one; and text from the
   * log is not always valid UTF-8. */
  while (text->len > 0 && text->str[text->len - 1] == '\n')
    g_string_truncate (text, text->len - 1);
  g_string_replace (text, "\n", "\342\220\244", 0);
  self->text = g_utf8_make_valid (text->str, (gssize) text->len);
  return self;
}

/**
 * es_event_item_new_blank:
 *
 * A row with no event yet (no time, cap, thread nor text): the event
 * list's skeleton, while its index is built (es-event-skeleton.c).
 */
EsEventItem *
es_event_item_new_blank (guint row)
{
  EsEventItem *self = g_object_new (ES_TYPE_EVENT_ITEM, NULL);

  self->row = row;
  self->blank = TRUE;
  self->cap = ES_CAP_NONE;
  self->text = g_strdup ("");
  return self;
}

/**
 * es_event_item_fill:
 * @from: the item of the row @self stands for
 *
 * Makes a blank item the same as @from, in place: the row widgets bound
 * to @self then show it once their cells are bound again.
 */
void
es_event_item_fill (EsEventItem *self,
                    EsEventItem *from)
{
  g_return_if_fail (ES_IS_EVENT_ITEM (self));
  g_return_if_fail (ES_IS_EVENT_ITEM (from));

  self->row = from->row;
  self->blank = from->blank;
  self->time = from->time;
  self->cap = from->cap;
  self->tag = from->tag;
  self->has_thread = from->has_thread;
  self->thread = from->thread;
  g_free (self->text);
  self->text = g_strdup (from->text);
}

guint
es_event_item_get_row (EsEventItem *self)
{
  g_return_val_if_fail (ES_IS_EVENT_ITEM (self), 0);

  return self->row;
}

gboolean
es_event_item_is_blank (EsEventItem *self)
{
  g_return_val_if_fail (ES_IS_EVENT_ITEM (self), FALSE);

  return self->blank;
}

guint64
es_event_item_get_time (EsEventItem *self)
{
  g_return_val_if_fail (ES_IS_EVENT_ITEM (self), 0);

  return self->time;
}

/* ES_CAP_NONE for events outside the capabilities' blocks. */
guint16
es_event_item_get_cap (EsEventItem *self)
{
  g_return_val_if_fail (ES_IS_EVENT_ITEM (self), ES_CAP_NONE);

  return self->cap;
}

guint16
es_event_item_get_tag (EsEventItem *self)
{
  g_return_val_if_fail (ES_IS_EVENT_ITEM (self), 0);

  return self->tag;
}

gboolean
es_event_item_get_thread (EsEventItem *self,
                          guint32     *thread)
{
  g_return_val_if_fail (ES_IS_EVENT_ITEM (self), FALSE);

  *thread = self->thread;
  return self->has_thread;
}

/* The description, as `dump` prints it after the time and cap. */
const char *
es_event_item_get_text (EsEventItem *self)
{
  g_return_val_if_fail (ES_IS_EVENT_ITEM (self), NULL);

  return self->text;
}

guint
es_event_item_get_n_alive (void)
{
  return (guint) g_atomic_int_get (&n_alive);
}
