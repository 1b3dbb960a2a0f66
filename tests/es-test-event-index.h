/* es-test-event-index.h: what the event index's tests share
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-event-index.h"

G_BEGIN_DECLS

/* The project's fixtures (tests/fixtures) the index is checked on. */
#define ES_TEST_N_INDEX_FIXTURES 4
extern const char *const es_test_index_fixtures[ES_TEST_N_INDEX_FIXTURES];

EsEventIndex *es_test_build_index         (const char   *path);
void          es_test_assert_same_index   (EsEventIndex *got,
                                           EsEventIndex *want);
char         *es_test_write_multi_cap_log (gboolean      shuffle_inside);

G_END_DECLS
