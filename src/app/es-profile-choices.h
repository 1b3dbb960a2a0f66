/* es-profile-choices.h: what the Profile tab shows: samples or call time,
 * one thread's or all
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "es-profile.h"
#include "es-session.h"

G_BEGIN_DECLS

#define ES_TYPE_PROFILE_CHOICES (es_profile_choices_get_type ())

G_DECLARE_FINAL_TYPE (EsProfileChoices, es_profile_choices, ES, PROFILE_CHOICES, GtkWidget)

GtkWidget *es_profile_choices_new         (void);
void       es_profile_choices_set_session (EsProfileChoices *self,
                                           EsSession        *session);
GtkDropDown *es_profile_choices_get_kind_menu   (EsProfileChoices *self);
GtkDropDown *es_profile_choices_get_thread_menu (EsProfileChoices *self);
char      *es_profile_format_amount       (const EsProfile  *profile,
                                           guint64           amount);

G_END_DECLS
