/* es-test-records.h: every record of a document, digested, for tests
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "es-document.h"

G_BEGIN_DECLS

char *es_test_digest_records (EsDocument *document);

G_END_DECLS
