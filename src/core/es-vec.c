/* es-vec.c: a growable array of plain structs with an inline append
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-vec.h"

void
es_vec_grow (EsVec *vec,
             gsize  element_size)
{
  guint capacity = MAX (vec->capacity * 2, 256u);

  g_return_if_fail (capacity > vec->capacity);

  vec->data = g_realloc_n (vec->data, capacity, element_size);
  vec->capacity = capacity;
}

void
es_vec_clear (EsVec *vec)
{
  g_clear_pointer (&vec->data, g_free);
  vec->len = vec->capacity = 0;
}
