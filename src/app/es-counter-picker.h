/* es-counter-picker.h: the Traces tab's choice of runtime counters
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-timeline-rows.h"

G_BEGIN_DECLS

GtkWidget *es_counter_picker_new (EsTimelineRows *rows);

G_END_DECLS
