/* es-eventlog-error.h
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define ES_EVENTLOG_ERROR (es_eventlog_error_quark ())

/**
 * EsEventlogError:
 * @ES_EVENTLOG_ERROR_BAD_MAGIC: a header marker is not what the format says
 * @ES_EVENTLOG_ERROR_TRUNCATED_HEADER: the input ends inside the header
 * @ES_EVENTLOG_ERROR_UNDECLARED_EVENT: an event's tag is not declared in the
 *   header, so its size (and everything after it) is unknown
 * @ES_EVENTLOG_ERROR_BAD_LENGTH: a length field points past the end of the
 *   structure that contains it (event past its block, string past its event)
 * @ES_EVENTLOG_ERROR_MALFORMED_EVENT: an event's payload does not fit its layout
 * @ES_EVENTLOG_ERROR_UNSUPPORTED_VERSION: a version of the format this reader
 *   does not know the layouts of
 *
 * Every message names the byte offset where the problem was found.
 */
typedef enum
{
  ES_EVENTLOG_ERROR_BAD_MAGIC,
  ES_EVENTLOG_ERROR_TRUNCATED_HEADER,
  ES_EVENTLOG_ERROR_UNDECLARED_EVENT,
  ES_EVENTLOG_ERROR_BAD_LENGTH,
  ES_EVENTLOG_ERROR_MALFORMED_EVENT,
  ES_EVENTLOG_ERROR_UNSUPPORTED_VERSION,
} EsEventlogError;

GQuark es_eventlog_error_quark (void);

G_END_DECLS
