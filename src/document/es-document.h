/* es-document.h: everything a log says, as immutable arrays
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "es-cap-timeline.h"
#include "es-counter.h"
#include "es-document-types.h"
#include "es-mono-activity.h"
#include "es-series.h"

G_BEGIN_DECLS

#define ES_TYPE_DOCUMENT (es_document_get_type ())

G_DECLARE_FINAL_TYPE (EsDocument, es_document, ES, DOCUMENT, GObject)

typedef struct
{
  const char   *program;          /* args[0], or NULL; a Mono log's is its domain's
                                   * name or its program's image, and its one
                                   * argument the profiler's options */
  const char   *rts_identifier;   /* "GHC-9.0.2 rts_thr_l" */
  const char  **args;             /* NULL-terminated */
  const char  **env;
  guint32       pid;
  guint32       ppid;
  guint64       wall_clock_sec;   /* when the log started (unix epoch) */
  guint32       wall_clock_nsec;
  guint16       n_generations;
  guint64       max_heap_size;
  guint64       alloc_area_size;
  guint64       mblock_size;
  guint64       block_size;
} EsProcessInfo;

guint                 es_document_get_n_caps          (EsDocument  *self);
const EsCapTimeline  *es_document_get_cap             (EsDocument  *self,
                                                       guint        cap);
guint64               es_document_get_start_time      (EsDocument  *self);
guint64               es_document_get_detail_start    (EsDocument  *self);
guint64               es_document_get_end_time        (EsDocument  *self);
guint64               es_document_get_n_events        (EsDocument  *self);
gboolean              es_document_is_truncated        (EsDocument  *self,
                                                       gint64      *stop_offset);
guint                 es_document_get_n_closed_at_end (EsDocument  *self);
void                  es_document_get_closed_at_end   (EsDocument  *self,
                                                       guint       *runs,
                                                       guint       *gcs,
                                                       guint       *spans);
const EsGc           *es_document_get_gcs             (EsDocument  *self,
                                                       guint       *n_gcs);
guint                 es_document_get_n_gc_generations (EsDocument *self);
const EsGcSpan       *es_document_get_gc_spans        (EsDocument  *self,
                                                       guint       *n);
guint                 es_document_get_n_threads       (EsDocument  *self);
const EsThread       *es_document_get_thread          (EsDocument  *self,
                                                       guint        index);
guint                 es_document_find_thread         (EsDocument  *self,
                                                       guint32      id);
const EsThread       *es_document_lookup_thread       (EsDocument  *self,
                                                       guint32      id);
GArray               *es_document_get_thread_runs     (EsDocument  *self,
                                                       const EsThread *thread);
void                  es_document_get_thread_timeline (EsDocument  *self,
                                                       const EsThread *thread,
                                                       GArray      *states);

typedef struct _EsThreadTimelineReader EsThreadTimelineReader;

EsThreadTimelineReader *es_document_read_thread_timeline (EsDocument     *self,
                                                          const EsThread *thread);
guint                 es_thread_timeline_reader_read   (EsThreadTimelineReader *self,
                                                        EsThreadState          *out,
                                                        guint                   max);
void                  es_thread_timeline_reader_rewind (EsThreadTimelineReader *self);
gboolean              es_thread_timeline_reader_is_sorted (EsThreadTimelineReader *self);
void                  es_thread_timeline_reader_free   (EsThreadTimelineReader *self);
const EsUserEvent    *es_document_get_messages        (EsDocument  *self,
                                                       guint       *n_messages);
const EsUserEvent    *es_document_get_markers         (EsDocument  *self,
                                                       guint       *n_markers);
guint                 es_document_get_n_spans         (EsDocument  *self);
EsSpan                es_document_get_span            (EsDocument  *self,
                                                       guint        i);
guint                 es_document_find_span_after     (EsDocument  *self,
                                                       guint64      time);
const EsBinaryMessage *es_document_get_binary_messages (EsDocument *self,
                                                       guint       *n_messages);
const EsTask         *es_document_get_tasks           (EsDocument  *self,
                                                       guint       *n_tasks);
const EsCapset       *es_document_get_capsets         (EsDocument  *self,
                                                       guint       *n_capsets);
gboolean              es_document_get_gc_on_cap       (EsDocument  *self,
                                                       const EsGc  *gc,
                                                       guint        cap,
                                                       guint64     *start,
                                                       guint64     *end);
const EsSeries       *es_document_get_heap_size       (EsDocument  *self);
const EsSeries       *es_document_get_heap_live       (EsDocument  *self);
const EsSeries       *es_document_get_blocks_size     (EsDocument  *self);
const EsSeries       *es_document_get_allocated       (EsDocument  *self);
const EsSeries       *es_document_get_mem_returned    (EsDocument  *self);
const EsHeapProfSample *es_document_get_heap_samples  (EsDocument  *self,
                                                       guint       *n_samples);
const EsHeapProfEntry *es_document_get_heap_entries   (EsDocument  *self,
                                                       const EsHeapProfSample *sample);
const char           *es_document_get_heap_band_name  (EsDocument  *self,
                                                       guint32      band);
guint                 es_document_get_n_heap_bands    (EsDocument  *self);
guint32               es_document_get_heap_breakdown  (EsDocument  *self);
const EsCostCentre   *es_document_get_cost_centres    (EsDocument  *self,
                                                       guint       *n_cost_centres);
const EsProcessInfo  *es_document_get_process         (EsDocument  *self);
EsDocumentFormat      es_document_get_format          (EsDocument  *self);
const char           *es_document_get_cap_label       (EsDocument  *self,
                                                       guint        cap);
const EsMonoSummary  *es_document_get_mono_summary    (EsDocument  *self);
guint                 es_document_get_n_counters      (EsDocument  *self);
const EsCounter      *es_document_get_counter         (EsDocument  *self,
                                                       guint        i);
guint                 es_document_find_counter        (EsDocument  *self,
                                                       const char  *section,
                                                       const char  *name);
EsMonoActivity       *es_document_get_mono_activity   (EsDocument  *self);

/**
 * EsLoadFlags:
 * @ES_LOAD_DEFAULT: a log opened: loading may tune the process's allocator
 *   for it, and gives back the memory it freed at the end
 * @ES_LOAD_BESIDE_VIEWS: a newer version of a log already shown (a live
 *   one), built while windows paint: the allocator is left alone
 */
typedef enum
{
  ES_LOAD_DEFAULT      = 0,
  ES_LOAD_BESIDE_VIEWS = 1 << 0,
} EsLoadFlags;

EsDocument           *es_document_load_file           (const char     *path,
                                                       void          (*progress) (guint64 done, guint64 total, gpointer data),
                                                       gpointer        progress_data,
                                                       GCancellable   *cancellable,
                                                       GError        **error);
EsDocument           *es_document_load_file_full      (const char     *path,
                                                       EsLoadFlags     flags,
                                                       void          (*progress) (guint64 done, guint64 total, gpointer data),
                                                       gpointer        progress_data,
                                                       GCancellable   *cancellable,
                                                       GError        **error);
EsDocument           *es_document_load_for_statistics (const char     *path,
                                                       guint64         t0,
                                                       guint64         t1,
                                                       GCancellable   *cancellable,
                                                       GError        **error);
gboolean              es_document_is_log_error        (const GError   *error);
const GError         *es_document_get_damage          (EsDocument     *self);

typedef gpointer (*EsDocumentDeriveFunc) (EsDocument *document);

gpointer              es_document_get_derived         (EsDocument             *self,
                                                       GQuark                  key,
                                                       EsDocumentDeriveFunc    make,
                                                       GDestroyNotify          free_func);
void                  es_document_set_derived         (EsDocument             *self,
                                                       GQuark                  key,
                                                       gpointer                data,
                                                       GDestroyNotify          free_func);
gpointer              es_document_peek_derived        (EsDocument             *self,
                                                       GQuark                  key);

G_END_DECLS
