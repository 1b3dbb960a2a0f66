/* es-background.h: threads that work beside the window yield to it
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The nice value of a thread that works beside the window: its frames
 * come first, and the work still gets a tenth of a core that another
 * program keeps busy (at 19, by the scheduler's weights, under 2 %). */
#define ES_BACKGROUND_NICENESS 10

void     es_background_yield      (void);
GThread *es_background_thread_new (const char  *name,
                                   GThreadFunc  func,
                                   gpointer     data);

G_END_DECLS
