/* es-profile-choices.c: what the Profile tab shows: samples or call time,
 * one thread's or all
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "es-document-prof.h"
#include "es-profile-choices.h"
#include "es-stats.h"
#include "es-time.h"

/* Two menus beside the profile's search: "Samples" or "Call time", shown
 * only for a log that has both (a Mono log recorded with sample and
 * calls; a log with calls alone shows its call time), and the threads (a
 * Mono log's rows, by name; a GHC log's capabilities), shown when there
 * are two or more. They set the session's profile view, which the
 * flame graph, its table and the timeline's Profile row follow. */

struct _EsProfileChoices
{
  GtkWidget    parent_instance;

  GtkWidget   *box;
  GtkDropDown *kind;
  GtkDropDown *thread;
  EsSession   *session;
  gulong       view_handler;
  gboolean     syncing;     /* the menus follow the session */
};

G_DEFINE_FINAL_TYPE (EsProfileChoices, es_profile_choices, GTK_TYPE_WIDGET)

GtkWidget *
es_profile_choices_new (void)
{
  return g_object_new (ES_TYPE_PROFILE_CHOICES, NULL);
}

/**
 * es_profile_format_amount:
 *
 * Returns: (transfer full): @amount of @profile as the tab says it:
 *   "2,301 samples", or "100.8 ms of call time"
 */
char *
es_profile_format_amount (const EsProfile *profile,
                          guint64          amount)
{
  g_autofree char *count = NULL;

  if (profile != NULL && profile->weighted)
    {
      g_autofree char *time = es_format_duration (amount);

      /* TRANSLATORS: "100.8 ms of call time" */
      return g_strdup_printf (_("%s of call time"), time);
    }
  count = es_stats_format_grouped (amount);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s sample", "%s samples", amount), count);
}

static void
sync_menus (EsProfileChoices *self)
{
  EsProfKind kind;
  guint cap;

  if (self->session == NULL)
    return;
  es_session_get_profile_view (self->session, &kind, &cap);
  self->syncing = TRUE;
  gtk_drop_down_set_selected (self->kind, kind == ES_PROF_CALL_TIME ? 1 : 0);
  gtk_drop_down_set_selected (self->thread, cap == ES_PROFILE_ALL_CAPS ? 0 : cap + 1);
  self->syncing = FALSE;
}

static void
menu_changed_cb (EsProfileChoices *self)
{
  guint thread = gtk_drop_down_get_selected (self->thread);

  if (self->syncing || self->session == NULL)
    return;
  es_session_set_profile_view (self->session,
                               gtk_drop_down_get_selected (self->kind) == 1 ? ES_PROF_CALL_TIME : ES_PROF_SAMPLES,
                               thread == 0 || thread == GTK_INVALID_LIST_POSITION ? ES_PROFILE_ALL_CAPS : thread - 1);
}

void
es_profile_choices_set_session (EsProfileChoices *self,
                                EsSession        *session)
{
  g_autoptr(GtkStringList) threads = gtk_string_list_new (NULL);
  EsDocument *document;
  guint n_samples, n_caps;
  gboolean mono;

  g_return_if_fail (ES_IS_PROFILE_CHOICES (self));

  if (self->session != NULL)
    g_clear_signal_handler (&self->view_handler, self->session);
  g_set_object (&self->session, session);
  if (session == NULL)
    return;
  document = es_session_get_document (session);
  es_document_get_prof_samples (document, ES_PROF_SAMPLES, &n_samples);
  n_caps = es_document_get_n_caps (document);
  mono = es_document_get_format (document) == ES_DOCUMENT_MONO_LOG;

  gtk_string_list_append (threads, mono ? _("All threads") : _("All capabilities"));
  for (guint cap = 0; cap < n_caps; cap++)
    {
      const char *label = es_document_get_cap_label (document, cap);
      g_autofree char *hec = label == NULL ? g_strdup_printf (_("HEC %u"), cap) : NULL;

      gtk_string_list_append (threads, label != NULL ? label : hec);
    }
  self->syncing = TRUE;
  gtk_drop_down_set_model (self->thread, G_LIST_MODEL (threads));
  self->syncing = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->kind), n_samples > 0 && es_document_has_call_time (document));
  gtk_widget_set_visible (GTK_WIDGET (self->thread), n_caps > 1);
  self->view_handler = g_signal_connect_object (session, "profile-view-changed", G_CALLBACK (sync_menus), self,
                                                G_CONNECT_SWAPPED);
  sync_menus (self);
}

/* for the tests */
GtkDropDown *
es_profile_choices_get_kind_menu (EsProfileChoices *self)
{
  g_return_val_if_fail (ES_IS_PROFILE_CHOICES (self), NULL);

  return self->kind;
}

GtkDropDown *
es_profile_choices_get_thread_menu (EsProfileChoices *self)
{
  g_return_val_if_fail (ES_IS_PROFILE_CHOICES (self), NULL);

  return self->thread;
}

static void
es_profile_choices_dispose (GObject *object)
{
  EsProfileChoices *self = ES_PROFILE_CHOICES (object);

  es_profile_choices_set_session (self, NULL);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (es_profile_choices_parent_class)->dispose (object);
}

static void
es_profile_choices_class_init (EsProfileChoicesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = es_profile_choices_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
es_profile_choices_init (EsProfileChoices *self)
{
  const char *kinds[] = { _("Samples"), _("Call time"), NULL };

  self->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->kind = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (kinds));
  self->thread = GTK_DROP_DOWN (gtk_drop_down_new_from_strings ((const char *[]) { "", NULL }));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->kind), _("Profile the statistical samples or the time in calls"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->thread), _("Profile one thread or all"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->kind), GTK_ACCESSIBLE_PROPERTY_LABEL, _("What to profile"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->thread), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Whose profile"), -1);
  gtk_widget_set_visible (GTK_WIDGET (self->kind), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->thread), FALSE);
  g_signal_connect_swapped (self->kind, "notify::selected", G_CALLBACK (menu_changed_cb), self);
  g_signal_connect_swapped (self->thread, "notify::selected", G_CALLBACK (menu_changed_cb), self);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->kind));
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->thread));
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
}
