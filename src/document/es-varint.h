/* es-varint.h: unsigned LEB128 varints, written and read where records are packed
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

/* How many bytes es_varint_put() writes for @value. */
static inline guint
es_varint_size (guint64 value)
{
  guint n = 1;

  while (value >= 0x80)
    {
      value >>= 7;
      n++;
    }
  return n;
}

/* Reads the varint at @in into @value. Returns: where it ends. */
static inline const guint8 *
es_varint_get (const guint8 *in,
               guint64      *value)
{
  guint64 x = 0;
  guint shift = 0;

  while (*in & 0x80)
    {
      x |= (guint64) (*in++ & 0x7f) << shift;
      shift += 7;
    }
  *value = x | (guint64) *in++ << shift;
  return in;
}

G_END_DECLS
