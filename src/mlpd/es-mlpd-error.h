/* es-mlpd-error.h: what can be wrong with a Mono log
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define ES_MLPD_ERROR (es_mlpd_error_quark ())

/**
 * EsMlpdError:
 * @ES_MLPD_ERROR_BAD_MAGIC: a signature (the log's or a buffer's) is not
 *   what the format says
 * @ES_MLPD_ERROR_TRUNCATED_HEADER: the input ends inside the log's header
 * @ES_MLPD_ERROR_MALFORMED_EVENT: an event, or a field of the header, cannot
 *   be decoded; events have no size, so nothing after it can be read
 * @ES_MLPD_ERROR_UNSUPPORTED_VERSION: a data version whose layouts this
 *   reader does not know
 * @ES_MLPD_ERROR_CORRUPT_PACKING: a gzip-packed log is damaged: it cannot be
 *   unpacked past some byte, or what it unpacks to fails its checksum
 *
 * Every message names the byte offset where the problem was found: in the
 * unpacked log, but for %ES_MLPD_ERROR_CORRUPT_PACKING in the packed file
 * (and says so).
 */
typedef enum
{
  ES_MLPD_ERROR_BAD_MAGIC,
  ES_MLPD_ERROR_TRUNCATED_HEADER,
  ES_MLPD_ERROR_MALFORMED_EVENT,
  ES_MLPD_ERROR_UNSUPPORTED_VERSION,
  ES_MLPD_ERROR_CORRUPT_PACKING,
} EsMlpdError;

GQuark es_mlpd_error_quark (void);

G_END_DECLS
