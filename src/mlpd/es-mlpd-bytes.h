/* es-mlpd-bytes.h: little-endian integers of a Mono log
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

static inline guint32
read_le32 (const guint8 *p)
{
  return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
}

static inline guint64
read_le64 (const guint8 *p)
{
  return (guint64) read_le32 (p) | (guint64) read_le32 (p + 4) << 32;
}

G_END_DECLS
