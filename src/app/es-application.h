/* es-application.h
 *
 * Copyright 2026 The Eventscope authors
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 * GNU General Public License for more details.
 *
 * You should have received a copy of the GNU General Public License
 * along with this program.  If not, see <https://www.gnu.org/licenses/>.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ES_TYPE_APPLICATION (es_application_get_type ())

G_DECLARE_FINAL_TYPE (EsApplication, es_application, ES, APPLICATION, GtkApplication)

/* Shows @uri (help:…) for @parent; see es_application_set_help_launcher(). */
typedef void (*EsHelpLauncher) (GtkWindow  *parent,
                                const char *uri,
                                gpointer    user_data);

EsApplication *es_application_new               (void);
GSettings     *es_application_get_settings      (EsApplication  *self);
char          *es_application_help_uri          (const char     *page);
void           es_application_show_help         (EsApplication  *self,
                                                 const char     *page);
void           es_application_set_help_launcher (EsApplication  *self,
                                                 EsHelpLauncher  launcher,
                                                 gpointer        user_data);

G_END_DECLS
