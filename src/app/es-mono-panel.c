/* es-mono-panel.c: a Mono log's calls, allocations, exceptions and lock
 * contentions in the selection (or the whole run)
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-document.h"
#include "es-mono-panel.h"
#include "es-selection-follower.h"
#include "es-time.h"

/* What mprof-report's Method call, Allocation, Exception and Monitor lock
 * summaries say, for the selection: four pages of tables a person sorts,
 * searches and reads from the keyboard. The figures come from the
 * document's packed events (es_mono_activity_compute()), on a worker
 * thread, a burst of selection changes making one computation; the rows
 * (objects for what the interval has, a few thousand at most) are made
 * there too, and the main thread only puts them in the tables. */

struct _EsMonoPanel
{
  GtkWidget            parent_instance;

  GtkWidget           *box;
  GtkWidget           *stack;
  GtkWidget           *heading;
  GtkWidget           *search;
  EsMonoTable         *tables[ES_MONO_N_TABLES];
  EsSession           *session;
  gulong               selection_handler;
  EsSelectionFollower  follower;
  GHashTable          *backtraces;    /* class index -> GPtrArray of EsMonoRow */
  gboolean             have_backtraces;
};

G_DEFINE_FINAL_TYPE (EsMonoPanel, es_mono_panel, GTK_TYPE_WIDGET)

typedef struct
{
  EsDocument *document;
  gboolean    whole_run;
  guint64     t0, t1;
  /* the result */
  GPtrArray  *rows[ES_MONO_N_TABLES];  /* EsMonoRow; the backtraces of every class */
  GHashTable *backtraces;
  char       *heading;
  char       *empty[ES_MONO_N_TABLES];
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_object_unref (job->document);
  for (guint t = 0; t < ES_MONO_N_TABLES; t++)
    {
      g_clear_pointer (&job->rows[t], g_ptr_array_unref);
      g_free (job->empty[t]);
    }
  g_clear_pointer (&job->backtraces, g_hash_table_unref);
  g_free (job->heading);
  g_free (job);
}

GtkWidget *
es_mono_panel_new (void)
{
  return g_object_new (ES_TYPE_MONO_PANEL, NULL);
}

/* ---- on the worker ------------------------------------------------------ */

/* A backtrace, innermost frame first: "A ← B ← C". */
static char *
describe_stack (EsMonoActivity *activity,
                guint32         stack)
{
  guint32 n;
  const guint32 *frames = es_mono_activity_stack (activity, stack, &n);
  GString *text = g_string_new (NULL);

  for (guint32 i = n; i-- > 0;)
    {
      if (text->len > 0)
        g_string_append (text, " \342\206\220 ");
      g_string_append (text, es_mono_activity_method_name (activity, frames[i]));
    }
  return g_string_free (text, FALSE);
}

static const char *
innermost (EsMonoActivity *activity,
           guint32         stack)
{
  guint32 n;
  const guint32 *frames = es_mono_activity_stack (activity, stack, &n);

  return n > 0 ? es_mono_activity_method_name (activity, frames[n - 1]) : NULL;
}

static GPtrArray *
new_rows (void)
{
  return g_ptr_array_new_with_free_func (g_object_unref);
}

static void
make_calls (Job                         *job,
            EsMonoActivity              *activity,
            const EsMonoActivityFigures *f)
{
  guint64 all_self = 0;

  job->rows[ES_MONO_TABLE_METHODS] = new_rows ();
  for (guint i = 0; i < f->methods->len; i++)
    all_self += g_array_index (f->methods, EsMonoActivityMethod, i).self;
  for (guint i = 0; i < f->methods->len; i++)
    {
      const EsMonoActivityMethod *m = &g_array_index (f->methods, EsMonoActivityMethod, i);
      EsMonoRow *row = es_mono_row_new (m->method, es_mono_activity_method_name (activity, m->method), NULL);

      es_mono_row_set_value (row, 0, m->calls);
      es_mono_row_set_value (row, 1, m->total);
      es_mono_row_set_value (row, 2, m->self);
      es_mono_row_set_value (row, 3, m->total / m->calls);
      es_mono_row_set_value (row, 4, all_self > 0 ? (guint64) (m->self * 1e6 / all_self + 0.5) : 0);
      g_ptr_array_add (job->rows[ES_MONO_TABLE_METHODS], row);
    }
}

static void
make_allocations (Job                         *job,
                  EsMonoActivity              *activity,
                  const EsMonoActivityFigures *f)
{
  job->rows[ES_MONO_TABLE_CLASSES] = new_rows ();
  job->backtraces = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  for (guint i = 0; i < f->classes->len; i++)
    {
      const EsMonoActivityAlloc *a = &g_array_index (f->classes, EsMonoActivityAlloc, i);
      EsMonoRow *row = es_mono_row_new (a->klass, es_mono_activity_class_name (activity, a->klass), NULL);

      es_mono_row_set_value (row, 0, a->bytes);
      es_mono_row_set_value (row, 1, a->count);
      es_mono_row_set_value (row, 2, a->bytes / a->count);
      es_mono_row_set_value (row, 3, f->allocated_bytes > 0 ? (guint64) (a->bytes * 1e6 / f->allocated_bytes + 0.5) : 0);
      g_ptr_array_add (job->rows[ES_MONO_TABLE_CLASSES], row);
    }
  for (guint i = 0; i < f->sites->len; i++)
    {
      const EsMonoActivityAlloc *a = &g_array_index (f->sites, EsMonoActivityAlloc, i);
      g_autofree char *chain = describe_stack (activity, a->stack);
      EsMonoRow *row = es_mono_row_new (a->stack, innermost (activity, a->stack), chain);
      GPtrArray *of_class = g_hash_table_lookup (job->backtraces, GUINT_TO_POINTER (a->klass));

      if (of_class == NULL)
        {
          of_class = new_rows ();
          g_hash_table_insert (job->backtraces, GUINT_TO_POINTER (a->klass), of_class);
        }
      es_mono_row_set_value (row, 0, a->bytes);
      es_mono_row_set_value (row, 1, a->count);
      g_ptr_array_add (of_class, row);
    }
}

static void
make_exceptions (Job                         *job,
                 EsMonoActivity              *activity,
                 const EsMonoActivityFigures *f)
{
  static const char *const kinds[] = { "catch", "filter", "finally", "invalid", "fault" };

  job->rows[ES_MONO_TABLE_THROWS] = new_rows ();
  for (guint i = 0; i < f->throws->len; i++)
    {
      const EsMonoActivityThrow *t = &g_array_index (f->throws, EsMonoActivityThrow, i);
      g_autofree char *chain = describe_stack (activity, t->stack);
      const char *at = innermost (activity, t->stack);
      EsMonoRow *row = es_mono_row_new (t->stack, at != NULL ? at : _("(no backtrace)"), chain);

      es_mono_row_set_value (row, 0, t->count);
      g_ptr_array_add (job->rows[ES_MONO_TABLE_THROWS], row);
    }
  job->rows[ES_MONO_TABLE_CLAUSES] = new_rows ();
  for (guint i = 0; i < f->clauses->len; i++)
    {
      const EsMonoActivityClause *c = &g_array_index (f->clauses, EsMonoActivityClause, i);
      /* the C# keywords, as they are written */
      const char *kind = c->type < G_N_ELEMENTS (kinds) ? kinds[c->type] : "?";
      const char *method = c->method != ES_MONO_ACTIVITY_NONE ? es_mono_activity_method_name (activity, c->method)
                                                               : _("(a method the log does not name)");
      EsMonoRow *row = es_mono_row_new (i, method, kind);

      es_mono_row_set_value (row, 0, c->count);
      g_ptr_array_add (job->rows[ES_MONO_TABLE_CLAUSES], row);
    }
}

static void
make_locks (Job                         *job,
            EsMonoActivity              *activity,
            const EsMonoActivityFigures *f)
{
  job->rows[ES_MONO_TABLE_LOCKS] = new_rows ();
  for (guint i = 0; i < f->locks->len; i++)
    {
      const EsMonoActivityLock *l = &g_array_index (f->locks, EsMonoActivityLock, i);
      g_autofree char *name = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", es_mono_activity_lock_object (activity, l->lock));
      EsMonoRow *row = es_mono_row_new (l->lock, name, NULL);

      es_mono_row_set_value (row, 0, l->contentions);
      es_mono_row_set_value (row, 1, l->wait);
      es_mono_row_set_value (row, 2, l->max_wait);
      es_mono_row_set_value (row, 3, l->contentions > 0 ? l->wait / l->contentions : 0);
      es_mono_row_set_value (row, 4, l->acquired);
      es_mono_row_set_value (row, 5, l->failures);
      g_ptr_array_add (job->rows[ES_MONO_TABLE_LOCKS], row);
    }
}

/* What a table says without rows: that the log has none of them, and the
 * profiler option that records them; or that the interval has none. */
static void
say_why_empty (Job            *job,
               EsMonoActivity *activity)
{
  gboolean calls = activity != NULL && es_mono_activity_has (activity, ES_MONO_ACTIVITY_CALLS);
  gboolean allocs = activity != NULL && es_mono_activity_has (activity, ES_MONO_ACTIVITY_ALLOCS);
  gboolean throws = activity != NULL && es_mono_activity_has (activity, ES_MONO_ACTIVITY_THROWS);
  gboolean clauses = activity != NULL && es_mono_activity_has (activity, ES_MONO_ACTIVITY_CLAUSES);
  gboolean locks = activity != NULL && es_mono_activity_has (activity, ES_MONO_ACTIVITY_MONITOR);

  job->empty[ES_MONO_TABLE_METHODS] =
    g_strdup (!calls ? _("This log has no method calls. Record them with mono --profile=log:calls "
                         "(every method's enter and leave: the program runs much slower).")
                     : _("No call ended in the selection."));
  job->empty[ES_MONO_TABLE_CLASSES] =
    g_strdup (!allocs ? _("This log has no allocations. Record them with mono --profile=log:alloc "
                          "(add maxframes=8 for where each object was allocated).")
                      : _("Nothing was allocated in the selection."));
  job->empty[ES_MONO_TABLE_BACKTRACES] = NULL;  /* said by the class selected */
  job->empty[ES_MONO_TABLE_THROWS] =
    g_strdup (!throws ? _("This log has no exceptions thrown. The profiler records them with "
                          "mono --profile=log:exception (on unless nodefaults is given).")
                      : _("No exception was thrown in the selection."));
  job->empty[ES_MONO_TABLE_CLAUSES] =
    g_strdup (!clauses ? _("No catch, filter, finally or fault clause ran in this log "
                           "(recorded with mono --profile=log:exception).")
                       : _("No clause ran in the selection."));
  job->empty[ES_MONO_TABLE_LOCKS] =
    g_strdup (!locks ? _("This log has no lock contentions. The profiler records them with "
                         "mono --profile=log:monitor.")
                     : _("No lock was contended in the selection."));
}

/* "0.1 s to 0.2 s: 12 calls, 3 objects (1.2 kB), 2 exceptions": the
 * interval and what it has, short enough for the bar. */
static char *
describe_figures (Job                         *job,
                  const EsMonoActivityFigures *f)
{
  GString *text = g_string_new (NULL);
  g_autofree char *calls = es_format_count (f->n_calls);
  g_autofree char *objects = es_format_count (f->n_allocations);
  g_autofree char *bytes = g_format_size (f->allocated_bytes);
  g_autofree char *throws = es_format_count (f->n_throws);
  g_autofree char *contentions = es_format_count (f->n_contentions);
  GPtrArray *parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *joined = NULL;

  if (f->n_calls > 0)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s call", "%s calls", f->n_calls), calls));
  if (f->n_allocations > 0)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s object (%s)", "%s objects (%s)",
                                                          f->n_allocations), objects, bytes));
  if (f->n_throws > 0)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s exception", "%s exceptions",
                                                          f->n_throws), throws));
  if (f->n_contentions > 0)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s lock contention",
                                                          "%s lock contentions", f->n_contentions), contentions));
  if (parts->len == 0)
    g_ptr_array_add (parts, g_strdup (_("nothing recorded")));
  g_ptr_array_add (parts, NULL);
  /* a list's separator */
  joined = g_strjoinv (_(", "), (char **) parts->pdata);
  g_ptr_array_unref (parts);
  if (job->whole_run)
    g_string_printf (text, _("The whole run: %s"), joined);
  else
    g_string_printf (text, _("%.6f s to %.6f s: %s"), job->t0 / 1e9, job->t1 / 1e9, joined);
  return g_string_free (text, FALSE);
}

static void
compute_in_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  Job *job = task_data;
  EsMonoActivity *activity = es_document_get_mono_activity (job->document);
  g_autoptr(EsMonoActivityFigures) f = NULL;

  say_why_empty (job, activity);
  if (activity == NULL)
    {
      for (guint t = 0; t < ES_MONO_N_TABLES; t++)
        job->rows[t] = new_rows ();
      job->backtraces = g_hash_table_new (NULL, NULL);
      job->heading = g_strdup (_("This log has no calls, allocations, exceptions or lock events."));
      g_task_return_boolean (task, TRUE);
      return;
    }
  f = es_mono_activity_compute (activity, !job->whole_run, job->t0, job->t1);
  make_calls (job, activity, f);
  make_allocations (job, activity, f);
  make_exceptions (job, activity, f);
  make_locks (job, activity, f);
  job->heading = describe_figures (job, f);
  g_task_return_boolean (task, TRUE);
}

/* ---- on the main thread ------------------------------------------------- */

static void
show_backtraces (EsMonoPanel *self)
{
  EsMonoTable *table = self->tables[ES_MONO_TABLE_BACKTRACES];
  EsMonoRow *selected = es_mono_table_get_selected (self->tables[ES_MONO_TABLE_CLASSES]);
  GPtrArray *rows = NULL;
  g_autoptr(GPtrArray) none = g_ptr_array_new ();

  if (selected != NULL && self->backtraces != NULL)
    rows = g_hash_table_lookup (self->backtraces, GUINT_TO_POINTER (es_mono_row_get_id (selected)));
  if (selected == NULL)
    es_mono_table_set_empty_text (table, _("Select a class to see where its objects were allocated."));
  else if (!self->have_backtraces)
    es_mono_table_set_empty_text (table, _("This log has no allocation backtraces. Record them with "
                                           "mono --profile=log:alloc,maxframes=8."));
  else
    es_mono_table_set_empty_text (table, _("The log gives no backtrace for these allocations."));
  es_mono_table_set_rows (table, rows != NULL ? rows : none);
}

static void
computed_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  EsMonoPanel *self = ES_MONO_PANEL (object);
  GTask *task = G_TASK (result);
  Job *job;

  /* A newer selection has replaced this one. */
  if (g_task_had_error (task) || g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    return;
  if (!g_task_propagate_boolean (task, NULL))
    return;
  job = g_task_get_task_data (task);
  gtk_label_set_text (GTK_LABEL (self->heading), job->heading);
  gtk_widget_set_tooltip_text (self->heading, job->heading);
  g_clear_pointer (&self->backtraces, g_hash_table_unref);
  self->backtraces = g_steal_pointer (&job->backtraces);
  self->have_backtraces = g_hash_table_size (self->backtraces) > 0;
  for (guint t = 0; t < ES_MONO_N_TABLES; t++)
    if (t != ES_MONO_TABLE_BACKTRACES)
      {
        es_mono_table_set_empty_text (self->tables[t], job->empty[t]);
        es_mono_table_set_rows (self->tables[t], job->rows[t]);
      }
  show_backtraces (self);
}

static void
reload (gpointer data)
{
  EsMonoPanel *self = data;
  g_autoptr(GTask) task = NULL;
  Job *job;

  if (self->session == NULL)
    return;
  job = g_new0 (Job, 1);
  job->document = g_object_ref (es_session_get_document (self->session));
  job->whole_run = !es_session_get_selection (self->session, &job->t0, &job->t1);
  task = es_selection_follower_task (&self->follower, self, computed_cb);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, compute_in_thread);
}

static void
selection_changed_cb (EsMonoPanel *self)
{
  es_selection_follower_update (&self->follower, self->session);
}

/**
 * es_mono_panel_set_session:
 *
 * Follows @session's selection. The panel computes nothing for a GHC
 * eventlog: the window does not show it then.
 */
void
es_mono_panel_set_session (EsMonoPanel *self,
                           EsSession   *session)
{
  g_return_if_fail (ES_IS_MONO_PANEL (self));

  if (self->session != NULL)
    g_clear_signal_handler (&self->selection_handler, self->session);
  g_set_object (&self->session, session);
  if (session == NULL || es_document_get_format (es_session_get_document (session)) != ES_DOCUMENT_MONO_LOG)
    return;
  self->selection_handler = g_signal_connect_object (session, "selection-changed",
                                                     G_CALLBACK (selection_changed_cb), self, G_CONNECT_SWAPPED);
  es_selection_follower_forget (&self->follower);
  selection_changed_cb (self);
}

void
es_mono_panel_show_page (EsMonoPanel *self,
                         EsMonoPage   page)
{
  static const char *const names[] = { "calls", "allocations", "exceptions", "locks" };

  g_return_if_fail (ES_IS_MONO_PANEL (self) && page < G_N_ELEMENTS (names));

  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), names[page]);
}

/* Returns: (transfer none): one of its tables, for the tests */
EsMonoTable *
es_mono_panel_get_table (EsMonoPanel   *self,
                         EsMonoTableId  table)
{
  g_return_val_if_fail (ES_IS_MONO_PANEL (self) && table < ES_MONO_N_TABLES, NULL);

  return self->tables[table];
}

const char *
es_mono_panel_get_heading (EsMonoPanel *self)
{
  g_return_val_if_fail (ES_IS_MONO_PANEL (self), NULL);

  return gtk_label_get_text (GTK_LABEL (self->heading));
}

static void
search_changed_cb (GtkSearchEntry *entry,
                   EsMonoPanel    *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  for (guint t = 0; t < ES_MONO_N_TABLES; t++)
    es_mono_table_set_search (self->tables[t], text);
}

/* Filters every table by @text, as typing in the search entry does (at
 * once, not after the entry's pause for typing). */
void
es_mono_panel_set_search (EsMonoPanel *self,
                          const char  *text)
{
  g_return_if_fail (ES_IS_MONO_PANEL (self));

  gtk_editable_set_text (GTK_EDITABLE (self->search), text);
  search_changed_cb (GTK_SEARCH_ENTRY (self->search), self);
}

static void
es_mono_panel_dispose (GObject *object)
{
  EsMonoPanel *self = ES_MONO_PANEL (object);

  es_selection_follower_clear (&self->follower);
  if (self->session != NULL)
    es_mono_panel_set_session (self, NULL);
  g_clear_pointer (&self->backtraces, g_hash_table_unref);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (es_mono_panel_parent_class)->dispose (object);
}

static void
es_mono_panel_class_init (EsMonoPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = es_mono_panel_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "mono-panel");
}

static GtkWidget *
side_by_side (GtkWidget *start,
              GtkWidget *end,
              int        position)
{
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);

  gtk_paned_set_start_child (GTK_PANED (paned), start);
  gtk_paned_set_end_child (GTK_PANED (paned), end);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_position (GTK_PANED (paned), position);
  return paned;
}

static void
es_mono_panel_init (EsMonoPanel *self)
{
  const EsMonoColumn methods[] = {
    { _("Method"), ES_MONO_COLUMN_NAME, 0 },
    { _("Calls"), ES_MONO_COLUMN_COUNT, 0 },
    { _("Total"), ES_MONO_COLUMN_DURATION, 1 },
    { _("Self"), ES_MONO_COLUMN_DURATION, 2 },
    { _("Self share"), ES_MONO_COLUMN_PERCENT, 4 },
    { _("Average"), ES_MONO_COLUMN_DURATION, 3 },
  };
  const EsMonoColumn classes[] = {
    { _("Class"), ES_MONO_COLUMN_NAME, 0 },
    { _("Bytes"), ES_MONO_COLUMN_COUNT, 0 },
    { _("Share"), ES_MONO_COLUMN_PERCENT, 3 },
    { _("Objects"), ES_MONO_COLUMN_COUNT, 1 },
    { _("Average size"), ES_MONO_COLUMN_COUNT, 2 },
  };
  const EsMonoColumn backtraces[] = {
    { _("Bytes"), ES_MONO_COLUMN_COUNT, 0 },
    { _("Objects"), ES_MONO_COLUMN_COUNT, 1 },
    { _("Backtrace, innermost first"), ES_MONO_COLUMN_DETAIL, 0 },
  };
  const EsMonoColumn throws[] = {
    { _("Thrown in"), ES_MONO_COLUMN_NAME, 0 },
    { _("Throws"), ES_MONO_COLUMN_COUNT, 0 },
    { _("Backtrace, innermost first"), ES_MONO_COLUMN_DETAIL, 0 },
  };
  const EsMonoColumn clauses[] = {
    { _("Method"), ES_MONO_COLUMN_NAME, 0 },
    { _("Clause"), ES_MONO_COLUMN_DETAIL, 0 },
    { _("Run"), ES_MONO_COLUMN_COUNT, 0 },
  };
  const EsMonoColumn locks[] = {
    { _("Lock object"), ES_MONO_COLUMN_NAME, 0 },
    { _("Contentions"), ES_MONO_COLUMN_COUNT, 0 },
    { _("Wait"), ES_MONO_COLUMN_DURATION, 1 },
    { _("Longest wait"), ES_MONO_COLUMN_DURATION, 2 },
    { _("Average wait"), ES_MONO_COLUMN_DURATION, 3 },
    { _("Acquired"), ES_MONO_COLUMN_COUNT, 4 },
    { _("Failed"), ES_MONO_COLUMN_COUNT, 5 },
  };
  GtkWidget *bar, *switcher;

  es_selection_follower_init (&self->follower, reload, self);

  self->tables[ES_MONO_TABLE_METHODS] =
    ES_MONO_TABLE (es_mono_table_new (_("Methods called"), methods, G_N_ELEMENTS (methods), 2));
  self->tables[ES_MONO_TABLE_CLASSES] =
    ES_MONO_TABLE (es_mono_table_new (_("Classes allocated"), classes, G_N_ELEMENTS (classes), 1));
  self->tables[ES_MONO_TABLE_BACKTRACES] =
    ES_MONO_TABLE (es_mono_table_new (_("Where the class selected was allocated"), backtraces,
                                      G_N_ELEMENTS (backtraces), 0));
  self->tables[ES_MONO_TABLE_THROWS] =
    ES_MONO_TABLE (es_mono_table_new (_("Exceptions thrown"), throws, G_N_ELEMENTS (throws), 1));
  self->tables[ES_MONO_TABLE_CLAUSES] =
    ES_MONO_TABLE (es_mono_table_new (_("Clauses run"), clauses, G_N_ELEMENTS (clauses), 2));
  self->tables[ES_MONO_TABLE_LOCKS] =
    ES_MONO_TABLE (es_mono_table_new (_("Lock objects contended"), locks, G_N_ELEMENTS (locks), 2));
  g_signal_connect_object (self->tables[ES_MONO_TABLE_CLASSES], "selection-changed",
                           G_CALLBACK (show_backtraces), self, G_CONNECT_SWAPPED);

  self->stack = gtk_stack_new ();
  gtk_widget_set_vexpand (self->stack, TRUE);
  gtk_stack_add_titled (GTK_STACK (self->stack), GTK_WIDGET (self->tables[ES_MONO_TABLE_METHODS]), "calls",
                        _("Calls"));
  gtk_stack_add_titled (GTK_STACK (self->stack),
                        side_by_side (GTK_WIDGET (self->tables[ES_MONO_TABLE_CLASSES]),
                                      GTK_WIDGET (self->tables[ES_MONO_TABLE_BACKTRACES]), 640),
                        "allocations", _("Allocations"));
  gtk_stack_add_titled (GTK_STACK (self->stack),
                        side_by_side (GTK_WIDGET (self->tables[ES_MONO_TABLE_THROWS]),
                                      GTK_WIDGET (self->tables[ES_MONO_TABLE_CLAUSES]), 640),
                        "exceptions", _("Exceptions"));
  gtk_stack_add_titled (GTK_STACK (self->stack), GTK_WIDGET (self->tables[ES_MONO_TABLE_LOCKS]), "locks",
                        _("Locks"));

  switcher = gtk_stack_switcher_new ();
  gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (switcher), GTK_STACK (self->stack));
  self->heading = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->heading), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->heading), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (self->heading, TRUE);
  gtk_widget_add_css_class (self->heading, "dim-label");
  self->search = gtk_search_entry_new ();
  g_object_set (self->search, "placeholder-text", _("Filter by name"), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Filter the tables by name"), -1);
  g_signal_connect_object (self->search, "search-changed", G_CALLBACK (search_changed_cb), self, 0);

  bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_start (bar, 6);
  gtk_widget_set_margin_end (bar, 6);
  gtk_widget_set_margin_top (bar, 4);
  gtk_widget_set_margin_bottom (bar, 4);
  gtk_widget_set_hexpand (switcher, TRUE);
  gtk_widget_set_halign (switcher, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (bar), switcher);
  gtk_box_append (GTK_BOX (bar), self->search);
  /* on a line of its own: the interval and its counts do not fit beside
   * the switcher and the search in a window of 1280 pixels */
  gtk_widget_set_margin_start (self->heading, 8);
  gtk_widget_set_margin_end (self->heading, 8);
  gtk_widget_set_margin_bottom (self->heading, 4);

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (self->box), bar);
  gtk_box_append (GTK_BOX (self->box), self->heading);
  gtk_box_append (GTK_BOX (self->box), self->stack);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Calls, allocations, exceptions and locks of the selection"), -1);
}
