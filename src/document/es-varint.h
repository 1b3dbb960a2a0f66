/* es-varint.h: unsigned LEB128 varints, written where records are packed
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Writes @value at @out, at most 10 bytes. Returns: where it ends. */
static inline guint8 *
es_varint_put (guint8  *out,
               guint64  value)
{
  while (value >= 0x80)
    {
      *out++ = (guint8) (value | 0x80);
      value >>= 7;
    }
  *out++ = (guint8) value;
  return out;
}

G_END_DECLS
