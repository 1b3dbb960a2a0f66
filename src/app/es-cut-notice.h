/* es-cut-notice.h: what the window says of a log cut short or damaged
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "es-document.h"

G_BEGIN_DECLS

char *es_cut_notice_describe (EsDocument *document);

G_END_DECLS
