/* es-timeline-columns.c: the level-of-detail columns of one frame
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-timeline-painter-private.h"

/* Zoomed out on a long log, the per-column queries are most of a frame:
 * each is thousands of binary searches over arrays far larger than the
 * caches. So each is asked once per frame, whatever the number of rows
 * that show it (a cap's three spark rows share one query, the activity
 * graph sums the caps' rows), and they run on every core while the
 * caller's thread draws each row as soon as its columns are in, helping
 * with the queries whenever it would otherwise wait. The document is
 * immutable and every query writes its own columns; drawing stays on the
 * caller's thread, as Cairo wants.
 *
 * Zoomed out, a query is split into column ranges so that the cores
 * share the last, long ones too (es_lod_frame_n_parts()). */


/* The first four are es_lod_columns_fill()'s kinds. */
typedef enum
{
  TASK_HEAP = ES_LOD_HEAP,
  TASK_BUSY = ES_LOD_BUSY,
  TASK_ACTIVITY = ES_LOD_ACTIVITY,
  TASK_SPARKS = ES_LOD_SPARKS,
  TASK_THREAD,                    /* cap: the row, from ctx->thread_rows_first */
} TaskKind;

typedef struct
{
  TaskKind kind;
  guint    cap;
  int      first;                 /* columns [first, first + n) */
  int      n;
} Task;

/* The tasks of one row's columns. */
typedef struct
{
  guint first;
  guint end;
} TaskRange;

/* Shared by the caller and the helpers; the last one to let go frees it,
 * so a helper that starts after the frame finds nothing to do. */
struct _EsPaintBatch
{
  EsPaintContext *ctx;
  Task           *tasks;
  int             n_tasks;
  int             next;           /* atomic: the next task to take */
  int            *done;           /* atomic, set under lock */
  GMutex          lock;
  GCond           changed;

  /* The caller's only. */
  TaskRange       heap;
  TaskRange       busy;
  TaskRange      *activity;       /* per cap */
  TaskRange      *sparks;         /* per cap */
  TaskRange      *threads;        /* per row from ctx->thread_rows_first */
  gboolean        sum_busy;       /* busy = the sum of the caps' running */
};

static void
run_task (EsPaintContext *ctx,
          const Task     *task)
{
  const EsTimelineView *view = ctx->view;
  gpointer columns;

  switch (task->kind)
    {
    case TASK_HEAP:
      columns = ctx->heap;
      break;
    case TASK_BUSY:
      columns = ctx->busy;
      break;
    case TASK_ACTIVITY:
      columns = ctx->activity[task->cap];
      break;
    case TASK_SPARKS:
      columns = ctx->sparks[task->cap];
      break;
    case TASK_THREAD:
      es_paint_thread_pixels (ctx, ctx->thread_row_states[task->cap], task->first, task->n,
                              ctx->thread_pixels[task->cap]);
      return;
    default:
      g_assert_not_reached ();
    }
  es_lod_columns_fill (ctx->document, (EsLodKind) task->kind, task->cap, view->t0, view->t1, view->width,
                       task->first, task->n, columns);
}

static void
batch_clear (gpointer data)
{
  EsPaintBatch *batch = data;

  g_free (batch->tasks);
  g_free (batch->done);
  g_free (batch->activity);
  g_free (batch->sparks);
  g_free (batch->threads);
  g_mutex_clear (&batch->lock);
  g_cond_clear (&batch->changed);
}

/* Takes the next task and runs it; FALSE once none are left. */
static gboolean
batch_run_one (EsPaintBatch *batch)
{
  int i = g_atomic_int_add (&batch->next, 1);

  if (i >= batch->n_tasks)
    return FALSE;
  run_task (batch->ctx, &batch->tasks[i]);
  g_mutex_lock (&batch->lock);
  g_atomic_int_set (&batch->done[i], 1);
  g_cond_broadcast (&batch->changed);
  g_mutex_unlock (&batch->lock);
  return TRUE;
}

static void
helper_func (gpointer data,
             gpointer user_data)
{
  EsPaintBatch *batch = data;

  while (batch_run_one (batch))
    ;
  g_atomic_rc_box_release_full (batch, batch_clear);
}

/* One pool for the process, with a thread per other core: its threads
 * wait between frames instead of being started for each. NULL on a
 * single core. */
static GThreadPool *
get_pool (void)
{
  static GThreadPool *pool = NULL;
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      guint n = g_get_num_processors ();

      if (n > 1)
        pool = g_thread_pool_new (helper_func, NULL, es_lod_frame_helpers (), FALSE, NULL);
      g_once_init_leave (&initialized, 1);
    }
  return pool;
}

/* Runs tasks until task @i is done, then waits for it if another thread
 * has it. */
static void
batch_wait_task (EsPaintBatch *batch,
                 guint         i)
{
  while (!g_atomic_int_get (&batch->done[i]))
    {
      if (batch_run_one (batch))
        continue;
      g_mutex_lock (&batch->lock);
      while (!g_atomic_int_get (&batch->done[i]))
        g_cond_wait (&batch->changed, &batch->lock);
      g_mutex_unlock (&batch->lock);
    }
}

static void
batch_wait_range (EsPaintBatch    *batch,
                  const TaskRange *range)
{
  for (guint i = range->first; i < range->end; i++)
    batch_wait_task (batch, i);
}

static void
add_tasks (GArray    *tasks,
           TaskRange *range,
           TaskKind   kind,
           guint      cap,
           int        width,
           int        n_chunks)
{
  range->first = tasks->len;
  for (int k = 0; k < n_chunks; k++)
    {
      Task task = { kind, cap, width * k / n_chunks, width * (k + 1) / n_chunks - width * k / n_chunks };

      if (task.n > 0)
        g_array_append_val (tasks, task);
    }
  range->end = tasks->len;
}

/**
 * es_paint_thread_row_slot:
 * @row: a row of the frame's layout
 *
 * Returns: where @row's columns are in ctx->thread_pixels (and its states
 *   in ctx->thread_row_states), or G_MAXUINT if the frame started none
 */
guint
es_paint_thread_row_slot (const EsPaintContext *ctx,
                          const EsTimelineRow  *row)
{
  guint at;

  if (row == NULL || ctx->rows == NULL || ctx->thread_pixels == NULL)
    return G_MAXUINT;
  at = (guint) (row - &g_array_index (ctx->rows, EsTimelineRow, 0)) - ctx->thread_rows_first;
  return at < ctx->n_thread_rows ? at : G_MAXUINT;
}

/**
 * es_paint_columns_start:
 *
 * Starts the queries for every row of @rows inside the clip, in the rows'
 * order; es_paint_columns_wait() gets a row's columns.
 */
void
es_paint_columns_start (EsPaintContext *ctx,
                        GArray         *rows)
{
  const EsTimelineView *view = ctx->view;
  g_autoptr(GArray) tasks = g_array_new (FALSE, FALSE, sizeof (Task));
  GThreadPool *pool = get_pool ();
  EsPaintBatch *batch;
  guint n_helpers = 0;
  gboolean every_cap = TRUE;
  int n_chunks = 1;

  ctx->n_caps = es_document_get_n_caps (ctx->document);
  ctx->activity = g_new0 (EsActivityColumn *, ctx->n_caps);
  ctx->sparks = g_new0 (EsSparkColumn *, ctx->n_caps);

  batch = g_atomic_rc_box_new0 (EsPaintBatch);
  batch->ctx = ctx;
  batch->activity = g_new0 (TaskRange, ctx->n_caps);
  batch->sparks = g_new0 (TaskRange, ctx->n_caps);
  /* A thread row's columns are worked out here too, its states found
   * now: the cache that holds them is the caller's thread's. */
  ctx->rows = rows;
  ctx->thread_rows_first = ctx->first_row;
  ctx->n_thread_rows = ctx->end_row - ctx->first_row;
  ctx->thread_pixels = g_new0 (EsThreadPixel *, MAX (ctx->n_thread_rows, 1));
  ctx->thread_row_states = g_new0 (const EsThreadStates *, MAX (ctx->n_thread_rows, 1));
  batch->threads = g_new0 (TaskRange, MAX (ctx->n_thread_rows, 1));
  g_mutex_init (&batch->lock);
  g_cond_init (&batch->changed);
  ctx->batch = batch;

  if (pool != NULL)
    n_helpers = g_thread_pool_get_max_threads (pool);
  /* Split as the columns made before a frame are (es-lod-frame.c). */
  if (n_helpers > 0)
    n_chunks = (int) es_lod_frame_n_parts (view->t0, view->t1, view->width);
  /* A followed log's update comes with the columns of the view that
   * follows it made (es-lod-frame.c), split as they would be here. */
  ctx->lod_frame = es_lod_frame_find (ctx->document, view->t0, view->t1, view->width, n_chunks);
  es_lod_frame_note_view (ctx->document, view->t0, view->t1, view->width, n_chunks);

  /* Which caps' rows are drawn decides how the activity graph is had.
   * One pass over the rows: a log may name 65,535 caps. */
  {
    g_autofree guint8 *drawn = g_new0 (guint8, MAX (ctx->n_caps, 1));
    guint n_drawn = 0;

    for (guint r = ctx->first_row; r < ctx->end_row; r++)
      {
        const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, r);

        if (row->kind == ES_ROW_CAP && row->cap < ctx->n_caps && !drawn[row->cap] &&
            !es_paint_row_is_clipped (ctx, row))
          {
            drawn[row->cap] = 1;
            n_drawn++;
          }
      }
    every_cap = every_cap && n_drawn == ctx->n_caps;
  }

  for (guint r = ctx->first_row; r < ctx->end_row; r++)
    {
      const EsTimelineRow *row = &g_array_index (rows, EsTimelineRow, r);

      if (es_paint_row_is_skipped (ctx, row))
        continue;
      switch (row->kind)
        {
        case ES_ROW_ACTIVITY:
          if (ctx->busy != NULL)
            break;
          ctx->busy = g_new (float, view->width);
          batch->sum_busy = every_cap;
          if (!every_cap && ctx->lod_frame != NULL)
            memcpy (ctx->busy, es_lod_frame_get_busy (ctx->lod_frame), view->width * sizeof (float));
          else if (!every_cap)
            add_tasks (tasks, &batch->busy, TASK_BUSY, 0, view->width, n_chunks);
          else
            for (guint c = 0; c < ctx->n_caps; c++)
              {
                if (ctx->activity[c] != NULL)
                  continue;
                if (ctx->lod_frame != NULL)
                  {
                    ctx->activity[c] = es_lod_frame_get_activity (ctx->lod_frame, c);
                    continue;
                  }
                ctx->activity[c] = g_new (EsActivityColumn, view->width);
                add_tasks (tasks, &batch->activity[c], TASK_ACTIVITY, c, view->width, n_chunks);
              }
          break;
        case ES_ROW_CAP:
          if (ctx->activity[row->cap] != NULL)
            break;
          if (ctx->lod_frame != NULL)
            {
              ctx->activity[row->cap] = es_lod_frame_get_activity (ctx->lod_frame, row->cap);
              break;
            }
          ctx->activity[row->cap] = g_new (EsActivityColumn, view->width);
          add_tasks (tasks, &batch->activity[row->cap], TASK_ACTIVITY, row->cap, view->width, n_chunks);
          break;
        case ES_ROW_SPARK_CREATION:
        case ES_ROW_SPARK_CONVERSION:
        case ES_ROW_SPARK_POOL:
          if (ctx->sparks[row->cap] != NULL || !es_lod_has_sparks (ctx->document, row->cap))
            break;
          if (ctx->lod_frame != NULL)
            {
              ctx->sparks[row->cap] = es_lod_frame_get_sparks (ctx->lod_frame, row->cap);
              break;
            }
          ctx->sparks[row->cap] = g_new (EsSparkColumn, view->width);
          add_tasks (tasks, &batch->sparks[row->cap], TASK_SPARKS, row->cap, view->width, n_chunks);
          break;
        case ES_ROW_HEAP:
          if (ctx->heap != NULL || !es_lod_has_heap (ctx->document))
            break;
          if (ctx->lod_frame != NULL)
            {
              ctx->heap = es_lod_frame_get_heap (ctx->lod_frame);
              break;
            }
          ctx->heap = g_new (EsHeapColumn, view->width);
          add_tasks (tasks, &batch->heap, TASK_HEAP, 0, view->width, n_chunks);
          break;
        case ES_ROW_THREAD:
          {
            guint at = r - ctx->thread_rows_first;

            if (row->thread >= es_document_get_n_threads (ctx->document) ||
                (ctx->thread_row_states[at] = es_paint_lookup_thread_states (ctx, row->thread)) == NULL)
              break;
            es_paint_frame_edges (ctx);
            ctx->thread_pixels[at] = g_new (EsThreadPixel, MAX (view->width, 1));
            add_tasks (tasks, &batch->threads[at], TASK_THREAD, at, view->width, n_chunks);
          }
          break;
        case ES_ROW_RULER:
        case ES_N_ROW_KINDS:
        default:
          break;
        }
    }

  batch->n_tasks = tasks->len;
  batch->tasks = (Task *) (gpointer) g_array_free (g_steal_pointer (&tasks), FALSE);
  batch->done = g_new0 (int, MAX (batch->n_tasks, 1));

  n_helpers = MIN (n_helpers, (guint) batch->n_tasks);
  for (guint h = 0; h < n_helpers; h++)
    g_thread_pool_push (pool, g_atomic_rc_box_acquire (batch), NULL);
}

/**
 * es_paint_columns_wait:
 *
 * Returns once the columns @row shows are in the context.
 */
void
es_paint_columns_wait (EsPaintContext      *ctx,
                       const EsTimelineRow *row)
{
  EsPaintBatch *batch = ctx->batch;

  if (batch == NULL)
    return;
  switch (row->kind)
    {
    case ES_ROW_ACTIVITY:
      if (ctx->busy == NULL)
        break;
      if (!batch->sum_busy)
        {
          batch_wait_range (batch, &batch->busy);
          break;
        }
      for (guint c = 0; c < ctx->n_caps; c++)
        batch_wait_range (batch, &batch->activity[c]);
      /* A zero-width column at extreme zoom counts what runs there. */
      for (int i = 0; i < ctx->view->width; i++)
        {
          float sum = 0;

          for (guint c = 0; c < ctx->n_caps; c++)
            sum += ctx->activity[c][i].running;
          ctx->busy[i] = sum;
        }
      batch->sum_busy = FALSE;
      batch->busy = (TaskRange) { 0, 0 };
      break;
    case ES_ROW_CAP:
      if (row->cap < ctx->n_caps)
        batch_wait_range (batch, &batch->activity[row->cap]);
      break;
    case ES_ROW_SPARK_CREATION:
    case ES_ROW_SPARK_CONVERSION:
    case ES_ROW_SPARK_POOL:
      if (row->cap < ctx->n_caps)
        batch_wait_range (batch, &batch->sparks[row->cap]);
      break;
    case ES_ROW_HEAP:
      batch_wait_range (batch, &batch->heap);
      break;
    case ES_ROW_THREAD:
      {
        guint at = es_paint_thread_row_slot (ctx, row);

        if (at != G_MAXUINT)
          batch_wait_range (batch, &batch->threads[at]);
      }
      break;
    case ES_ROW_RULER:
    case ES_N_ROW_KINDS:
    default:
      break;
    }
}

/* Finishes what the frame did not wait for (the helpers write into the
 * columns until then) and frees the columns. */
void
es_paint_columns_clear (EsPaintContext *ctx)
{
  EsPaintBatch *batch = g_steal_pointer (&ctx->batch);

  if (batch != NULL)
    {
      for (int i = 0; i < batch->n_tasks; i++)
        batch_wait_task (batch, i);
      batch->ctx = NULL;
      g_atomic_rc_box_release_full (batch, batch_clear);
    }
  /* The columns made before the frame are its document's. */
  for (guint c = 0; c < ctx->n_caps && ctx->lod_frame == NULL; c++)
    {
      g_clear_pointer (&ctx->activity[c], g_free);
      g_clear_pointer (&ctx->sparks[c], g_free);
    }
  g_clear_pointer (&ctx->activity, g_free);
  g_clear_pointer (&ctx->sparks, g_free);
  if (ctx->lod_frame == NULL)
    g_free (ctx->heap);
  ctx->heap = NULL;
  ctx->lod_frame = NULL;
  g_clear_pointer (&ctx->busy, g_free);
  for (guint r = 0; ctx->thread_pixels != NULL && r < ctx->n_thread_rows; r++)
    g_free (ctx->thread_pixels[r]);
  g_clear_pointer (&ctx->thread_pixels, g_free);
  g_clear_pointer (&ctx->thread_row_states, g_free);
  ctx->n_thread_rows = 0;
  ctx->n_caps = 0;
}
