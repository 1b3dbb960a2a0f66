/* test-profile-mono-window.c: the Profile tab on Mono logs in a real
 * window (under Xvfb in CI): a log with calls and no samples shows its
 * call time, the profile of the whole run and of a selection are the
 * query's; a sampled log's samples filtered to one thread are that
 * thread's; the menus show only what the log has
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "es-document-prof.h"
#include "es-profile-choices.h"
#include "es-profile-panel.h"
#include "es-session.h"
#include "es-test-gui.h"
#include "es-test-log.h"
#include "es-window.h"

typedef struct
{
  EsProfilePanel *panel;
  guint64         t0, t1;
  EsProfKind      kind;
  guint           cap;
} Wanted;

static gboolean
panel_shows (gpointer data)
{
  Wanted *wanted = data;
  const EsProfile *profile = es_profile_panel_get_profile (wanted->panel);

  return profile != NULL && profile->t0 == wanted->t0 && profile->t1 == wanted->t1 &&
         profile->kind == wanted->kind && profile->cap == wanted->cap;
}

static EsProfilePanel *
show_profile_tab (EsWindow *window)
{
  GtkWidget *panel = es_test_find_widget_of_type (GTK_WIDGET (window), ES_TYPE_PROFILE_PANEL);
  GtkWidget *notebook = gtk_widget_get_ancestor (panel, GTK_TYPE_NOTEBOOK);

  g_assert_nonnull (notebook);
  gtk_notebook_set_current_page (GTK_NOTEBOOK (notebook), gtk_notebook_page_num (GTK_NOTEBOOK (notebook), panel));
  return ES_PROFILE_PANEL (panel);
}

/* With ES_TEST_SCREENSHOTS set to a folder, the window as it is now, to
 * look at. */
static void
maybe_screenshot (EsWindow   *window,
                  const char *name)
{
  const char *folder = g_getenv ("ES_TEST_SCREENSHOTS");
  int width = gtk_widget_get_width (GTK_WIDGET (window)), height = gtk_widget_get_height (GTK_WIDGET (window));
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GtkSnapshot *snapshot;

  if (folder == NULL)
    return;
  /* let the panel and the rows draw what they were given */
  for (guint i = 0; i < 50; i++)
    g_main_context_iteration (NULL, FALSE);
  paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  path = g_build_filename (folder, name, NULL);
  gdk_texture_save_to_png (texture, path);
}

static gboolean
has (const EsProfile *profile,
     const char      *label)
{
  for (guint i = 0; i < profile->cost_centres->len; i++)
    {
      const EsProfileCostCentre *c = &g_array_index (profile->cost_centres, EsProfileCostCentre, i);

      if (c->cc != NULL && g_str_equal (c->cc->label, label))
        return TRUE;
    }
  return FALSE;
}

static EsProfileCostCentre
find (const EsProfile *profile,
      const char      *label)
{
  for (guint i = 0; i < profile->cost_centres->len; i++)
    {
      const EsProfileCostCentre *c = &g_array_index (profile->cost_centres, EsProfileCostCentre, i);

      if (c->cc != NULL && g_str_equal (c->cc->label, label))
        return *c;
    }
  g_error ("no %s in the profile", label);
}

static void
assert_same_profile (const EsProfile *shown,
                     const EsProfile *direct)
{
  g_assert_cmpuint (shown->n_samples, ==, direct->n_samples);
  g_assert_cmpuint (es_profile_get_frames (shown)->len, ==, es_profile_get_frames (direct)->len);
  g_assert_cmpuint (shown->cost_centres->len, ==, direct->cost_centres->len);
  for (guint i = 0; i < direct->cost_centres->len; i++)
    {
      const EsProfileCostCentre *a = &g_array_index (shown->cost_centres, EsProfileCostCentre, i);
      const EsProfileCostCentre *b = &g_array_index (direct->cost_centres, EsProfileCostCentre, i);

      g_assert_cmpuint (a->id, ==, b->id);
      g_assert_cmpuint (a->individual, ==, b->individual);
      g_assert_cmpuint (a->inherited, ==, b->inherited);
    }
}

/* calls-compute.mlpd has calls and no samples: the tab shows the call
 * time, with no menu to choose samples; the whole run's and a
 * selection's are the query's; choosing the hasher thread shows its own
 * (its HashMany's total, and no SumPrimes). */
static void
test_call_time (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "mlpd", "calls-compute.mlpd", NULL);
  EsWindow *window = es_test_open_window (path);
  EsSession *session;
  EsDocument *document;
  EsProfilePanel *panel;
  EsProfileChoices *choices;
  Wanted wanted;
  guint hasher;
  guint64 end;

  es_test_wait_for_page (window, "timeline");
  session = es_window_get_session (window);
  document = es_session_get_document (session);
  panel = show_profile_tab (window);
  choices = ES_PROFILE_CHOICES (es_test_find_widget_of_type (GTK_WIDGET (panel), ES_TYPE_PROFILE_CHOICES));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (es_profile_choices_get_kind_menu (choices))));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (es_profile_choices_get_thread_menu (choices))));

  wanted = (Wanted) { panel, 0, G_MAXUINT64, ES_PROF_CALL_TIME, ES_PROFILE_ALL_CAPS };
  es_test_wait_until (panel_shows, &wanted, 30);
  {
    g_autoptr(EsProfile) direct = es_profile_new_for (document, ES_PROF_CALL_TIME, ES_PROFILE_ALL_CAPS, 0, G_MAXUINT64);

    assert_same_profile (es_profile_panel_get_profile (panel), direct);
    g_assert_true (g_str_has_suffix (es_profile_panel_get_share_text (panel), "of call time"));
  }
  /* The table names methods, and has no source positions to show. */
  {
    GListModel *columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (es_test_find_widget_of_type (GTK_WIDGET (panel),
                                                                                                     GTK_TYPE_COLUMN_VIEW)));
    g_autoptr(GtkColumnViewColumn) name = g_list_model_get_item (columns, 0);
    g_autoptr(GtkColumnViewColumn) source = g_list_model_get_item (columns, 2);

    g_assert_cmpstr (gtk_column_view_column_get_title (name), ==, "Method");
    g_assert_cmpstr (gtk_column_view_column_get_title (source), ==, "Source");
    g_assert_false (gtk_column_view_column_get_visible (source));
  }

  end = es_document_get_end_time (document);
  wanted.t0 = end / 5 + 1234;
  wanted.t1 = end / 2 + 567;
  es_session_select (session, wanted.t0, wanted.t1);
  es_test_wait_until (panel_shows, &wanted, 30);
  {
    g_autoptr(EsProfile) direct = es_profile_new_for (document, ES_PROF_CALL_TIME, ES_PROFILE_ALL_CAPS, wanted.t0, wanted.t1);

    assert_same_profile (es_profile_panel_get_profile (panel), direct);
  }
  es_session_clear_selection (session);
  wanted.t0 = 0;
  wanted.t1 = G_MAXUINT64;
  es_test_wait_until (panel_shows, &wanted, 30);
  /* IsPrime chosen: the timeline's Profile row marks where it ran. */
  es_session_choose_cost_centre (session, find (es_profile_panel_get_profile (panel), "Compute:IsPrime (int)").id);
  maybe_screenshot (window, "calltime-calls-compute.png");

  hasher = es_test_cap_named (document, "hasher");
  gtk_drop_down_set_selected (es_profile_choices_get_thread_menu (choices), hasher + 1);
  wanted.cap = hasher;
  es_test_wait_until (panel_shows, &wanted, 30);
  {
    const EsProfile *shown = es_profile_panel_get_profile (panel);
    g_autoptr(EsProfile) all = es_profile_new_for (document, ES_PROF_CALL_TIME, ES_PROFILE_ALL_CAPS, 0, G_MAXUINT64);
    EsProfKind kind;
    guint cap;

    es_session_get_profile_view (session, &kind, &cap);
    g_assert_cmpuint (cap, ==, hasher);
    g_assert_cmpuint (find (shown, "Compute:HashMany (object)").inherited, ==,
                      find (all, "Compute:HashMany (object)").inherited);
    g_assert_false (has (shown, "Compute:SumPrimes (int)"));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* sample-compute.mlpd has samples and no calls: no menu for call time;
 * the hasher thread's samples are its own, and HashMany's samples are
 * all of them. */
static void
test_samples_of_one_thread (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "mlpd", "sample-compute.mlpd", NULL);
  EsWindow *window = es_test_open_window (path);
  EsSession *session;
  EsDocument *document;
  EsProfilePanel *panel;
  EsProfileChoices *choices;
  Wanted wanted;
  guint hasher;

  es_test_wait_for_page (window, "timeline");
  session = es_window_get_session (window);
  document = es_session_get_document (session);
  panel = show_profile_tab (window);
  choices = ES_PROFILE_CHOICES (es_test_find_widget_of_type (GTK_WIDGET (panel), ES_TYPE_PROFILE_CHOICES));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (es_profile_choices_get_kind_menu (choices))));
  hasher = es_test_cap_named (document, "hasher");
  wanted = (Wanted) { panel, 0, G_MAXUINT64, ES_PROF_SAMPLES, hasher };
  gtk_drop_down_set_selected (es_profile_choices_get_thread_menu (choices), hasher + 1);
  es_test_wait_until (panel_shows, &wanted, 30);
  {
    const EsProfile *shown = es_profile_panel_get_profile (panel);
    g_autoptr(EsProfile) direct = es_profile_new_for (document, ES_PROF_SAMPLES, hasher, 0, G_MAXUINT64);
    g_autoptr(EsProfile) all = es_profile_new (document, 0, G_MAXUINT64);

    assert_same_profile (shown, direct);
    g_assert_cmpuint (shown->n_samples, <, all->n_samples);
    g_assert_cmpuint (find (shown, "Compute:HashMany (object)").inherited, ==,
                      find (all, "Compute:HashMany (object)").inherited);
    g_assert_false (has (shown, "Compute:SumPrimes (int)"));
    es_session_choose_cost_centre (session, find (shown, "Compute:HashMany (object)").id);
  }
  maybe_screenshot (window, "samples-hasher-sample-compute.png");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A followed log's documents: until the user chooses, each shows what the
 * file would open with (a calls log's call time, then its samples once
 * they come); the user's choice is kept across documents, shown wherever
 * a document has it. */
static EsProfKind
kind_of (EsSession *session)
{
  EsProfKind kind;
  guint cap;

  es_session_get_profile_view (session, &kind, &cap);
  return kind;
}

static void
test_followed_profile_kind (void)
{
  g_autoptr(EsDocument) calls = es_test_load_fixture ("mlpd/calls-compute.mlpd");
  g_autoptr(EsDocument) both = es_test_load_fixture ("mlpd/calls-sample.mlpd");
  g_autoptr(EsDocument) samples = es_test_load_fixture ("mlpd/sample-compute.mlpd");
  g_autoptr(EsSession) first = es_session_new (calls);
  g_autoptr(EsSession) second = es_session_new_continuing (both, first);
  g_autoptr(EsSession) opened = es_session_new (both);
  g_autoptr(EsSession) chose = es_session_new (both);
  g_autoptr(EsSession) lacking = NULL;
  g_autoptr(EsSession) having = NULL;

  /* The calls came first: call time, then the samples as the file opens. */
  g_assert_cmpint (kind_of (first), ==, ES_PROF_CALL_TIME);
  g_assert_cmpint (kind_of (opened), ==, ES_PROF_SAMPLES);
  g_assert_cmpint (kind_of (second), ==, kind_of (opened));

  /* Chosen, kept: through a document without it, to one with it. */
  es_session_set_profile_view (chose, ES_PROF_CALL_TIME, ES_PROFILE_ALL_CAPS);
  g_assert_cmpint (kind_of (chose), ==, ES_PROF_CALL_TIME);
  lacking = es_session_new_continuing (samples, chose);
  g_assert_cmpint (kind_of (lacking), ==, ES_PROF_SAMPLES);
  having = es_session_new_continuing (both, lacking);
  g_assert_cmpint (kind_of (having), ==, ES_PROF_CALL_TIME);
}

int
main (int   argc,
      char *argv[])
{
  if (!es_test_gui_init (&argc, &argv))
    return 0;
  g_test_add_func ("/profile-mono-window/call-time", test_call_time);
  g_test_add_func ("/profile-mono-window/samples-of-one-thread", test_samples_of_one_thread);
  g_test_add_func ("/profile-mono-window/followed-profile-kind", test_followed_profile_kind);
  return g_test_run ();
}
