/* es-test-mlpd.h: a small writer of Mono logs, for the tests
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "es-document.h"
#include "es-mlpd-build.h"

G_BEGIN_DECLS

#define ES_TEST_MLPD_MAIN_THREAD   0x7f0000001000ull
#define ES_TEST_MLPD_WORKER_THREAD 0x7f0000002000ull
#define ES_TEST_MLPD_DUMPER_THREAD 0x7f0000003000ull
#define ES_TEST_MLPD_STARTUP_NS    1000000000ull

/* A log being written: a header, then buffers of events. */
typedef struct
{
  GByteArray *file;
  GByteArray *events;       /* of the open buffer */
  guint64     thread;
  guint64     time_base;
  guint64     last_time;
} EsTestMlpdWriter;

void              es_test_mlpd_put_u8         (GByteArray       *a,
                                               guint8            v);
void              es_test_mlpd_put_le         (GByteArray       *a,
                                               guint64           v,
                                               guint             n);
void              es_test_mlpd_put_uleb       (GByteArray       *a,
                                               guint64           v);
void              es_test_mlpd_put_sleb       (GByteArray       *a,
                                               gint64            v);
void              es_test_mlpd_put_string     (GByteArray       *a,
                                               const char       *s);
EsTestMlpdWriter *es_test_mlpd_writer_new     (guint8            data_version);
void              es_test_mlpd_begin_buffer   (EsTestMlpdWriter *w,
                                               guint64           thread,
                                               guint64           time_base);
void              es_test_mlpd_end_buffer     (EsTestMlpdWriter *w);
GByteArray       *es_test_mlpd_event          (EsTestMlpdWriter *w,
                                               guint8            type,
                                               guint8            exinfo,
                                               guint64           time_us);
void              es_test_mlpd_thread_event   (EsTestMlpdWriter *w,
                                               guint64           us,
                                               guint8            exinfo,
                                               guint64           thread,
                                               const char       *name);
void              es_test_mlpd_gc_event       (EsTestMlpdWriter *w,
                                               guint64           us,
                                               guint8            what,
                                               guint8            generation);
void              es_test_mlpd_monitor_event  (EsTestMlpdWriter *w,
                                               guint64           us,
                                               guint8            what);
void              es_test_mlpd_sync_point     (EsTestMlpdWriter *w,
                                               guint64           us);
GBytes           *es_test_mlpd_writer_finish  (EsTestMlpdWriter *w);
EsDocument       *es_test_mlpd_snapshot       (EsMlpdBuild      *build,
                                               gboolean          complete);

G_END_DECLS
