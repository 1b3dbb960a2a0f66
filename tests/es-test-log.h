/* es-test-log.h: writes small eventlogs in memory, for tests
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "es-document.h"
#include "es-document-builder.h"
#include "es-eventlog-reader.h"

G_BEGIN_DECLS

typedef struct _EsTestLog EsTestLog;

EsTestLog  *es_test_log_new             (void);
EsTestLog  *es_test_log_new_ghc         (void);
void        es_test_log_free            (EsTestLog    *log);
void        es_test_log_declare         (EsTestLog    *log,
                                         guint16       tag,
                                         int           size,
                                         const char   *description);
void        es_test_log_declare_ghc     (EsTestLog    *log);
void        es_test_log_begin_data      (EsTestLog    *log);
void        es_test_log_event           (EsTestLog    *log,
                                         guint16       tag,
                                         guint64       time,
                                         GByteArray   *payload);
void        es_test_log_begin_block     (EsTestLog    *log,
                                         guint64       time,
                                         guint16       cap);
void        es_test_log_end_block       (EsTestLog    *log,
                                         guint64       end_time);
void        es_test_log_end             (EsTestLog    *log);
GByteArray *es_test_log_get_data        (EsTestLog    *log);

/* Payload builders: each appends to @p and returns it. */
GByteArray *es_payload_new              (void);
GByteArray *es_payload_u8               (GByteArray   *p,
                                         guint8        v);
GByteArray *es_payload_u16              (GByteArray   *p,
                                         guint16       v);
GByteArray *es_payload_u32              (GByteArray   *p,
                                         guint32       v);
GByteArray *es_payload_u64              (GByteArray   *p,
                                         guint64       v);
GByteArray *es_payload_str              (GByteArray   *p,
                                         const char   *s);
GByteArray *es_payload_cstr             (GByteArray   *p,
                                         const char   *s);

/* Decoding helpers shared by the tests. */
typedef struct
{
  gint64   offset;
  guint64  time;
  guint16  tag;
  guint16  cap;
  gboolean unknown;
  char    *text;          /* the `ghc-events show` line */
} EsTestEvent;

GArray     *es_test_decode              (const guint8 *data,
                                         gsize         len,
                                         gsize         chunk_size,
                                         EsEventlogReader **reader_out,
                                         GError      **error);
GArray     *es_test_decode_in_time_order (const char *path);
GArray     *es_test_decode_log          (EsTestLog    *log);
void        es_test_assert_lines        (EsTestLog    *log,
                                         const char * const *expected);
char       *es_test_searched_text       (const EsTestEvent *event);
char       *es_test_write_temp_log      (const guint8 *data,
                                         gsize         len);
char       *es_test_write_busy_log      (guint         n_blocks);
char       *es_test_write_busy_log_cap_1_until (guint n_blocks,
                                                guint n_both);
char       *es_test_write_busy_log_with_gc_stats (guint n_blocks);
char       *es_test_write_busy_log_gcs_led_by_cap_0 (guint n_blocks);
char       *es_test_busy_log_with_gc_stats (guint         n_blocks,
                                            gsize        *len);
gint64      es_test_resident_bytes_of   (const char   *path);
char       *es_test_write_watched_log   (gint64       *size);
char       *es_test_shared_path         (const char   *relative);
char       *es_test_fixture_path        (const char   *name);
void        es_test_add_scale_func      (const char   *path,
                                         GTestFunc     func);
#define ES_TEST_N_FIXTURES 11
extern const char *const es_test_fixtures[ES_TEST_N_FIXTURES];
char       *es_test_read_fixture        (const char   *name,
                                         gsize        *len);
EsDocument *es_test_load_fixture        (const char   *name);
guint       es_test_cap_named           (EsDocument   *document,
                                         const char   *name);
EsDocument *es_test_load_log            (EsTestLog    *log);
char       *es_test_describe_document   (EsDocument   *document);
void        es_test_describe_mono_figures (EsMonoActivity              *activity,
                                          const EsMonoActivityFigures *f,
                                          GString                     *text);
EsSpan     *es_test_copy_spans          (EsDocument   *document,
                                         guint        *n_spans);
char       *es_test_describe_file       (const char   *path);
char       *es_test_describe_ongoing_prefix (const char *data,
                                             gsize       len);
void        es_test_define_cost_centre  (EsDocumentBuilder *builder,
                                         guint32       id,
                                         const char   *label,
                                         const char   *module,
                                         const char   *srcloc);
void        es_test_add_prof_sample     (EsDocumentBuilder *builder,
                                         guint64       time,
                                         guint16       cap,
                                         const guint32 *ids,
                                         guint         depth);
void        es_test_snapshot_and_whole  (EsDocumentBuilder  *builder,
                                         GArray             *events,
                                         EsDocument        **snapshot,
                                         EsDocument        **whole);
EsDocument *es_test_random_document     (GRand        *rand,
                                         guint         n_caps);
guint64     es_test_brute_overlap       (const EsCapTimeline *tl,
                                         EsActivityKind       kind,
                                         guint64              a,
                                         guint64              b);
void        es_test_add_gc_event        (EsDocumentBuilder *builder,
                                         GArray       *events,
                                         guint         cap,
                                         guint64       time,
                                         EsEventTag    tag);

/* es_test_cut_log_builder()'s times */
#define ES_TEST_CUT_LOG_HEC1_LAST 300
#define ES_TEST_CUT_LOG_END       1000

EsDocumentBuilder *es_test_cut_log_builder (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EsTestLog, es_test_log_free)

G_END_DECLS
