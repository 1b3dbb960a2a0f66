/* es-application.c
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

#include "config.h"

#include <glib/gi18n.h>

#include "es-application.h"
#include "es-compare-window.h"
#include "es-live-source.h"
#include "es-timeline-painter.h"
#include "es-window.h"

struct _EsApplication
{
  GtkApplication  parent_instance;

  /* NULL when the schema is not installed (an uninstalled build run
   * outside `meson devenv`): window state is then simply not kept. */
  GSettings      *settings;

  /* --follow and --record: heard by the first instance only (a second
   * one passes the logs on, not its options) */
  gboolean        follow;
  char           *record;

  /* How a help: URI is shown: gtk_show_uri() unless a test listens in
   * (the test has no Yelp, and must see which page was asked for). */
  EsHelpLauncher  help_launcher;
  gpointer        help_launcher_data;
};

G_DEFINE_FINAL_TYPE (EsApplication, es_application, GTK_TYPE_APPLICATION)

/**
 * es_application_new:
 *
 * Returns: (transfer full): the Eventscope application
 */
/* The Cairo renderer draws without OpenGL, yet GDK 4.8 still loads the GL
 * driver when it opens the display, to choose the window's visual: Mesa's
 * software driver alone keeps 60 MB resident, more than the window itself.
 * When the user asked for Cairo (as a machine without a GPU should), GDK is
 * told to leave GL alone; it must hear it before GTK starts, so before
 * anything calls gtk_init(). */
static void
skip_gl_for_the_cairo_renderer (void)
{
  if (g_strcmp0 (g_getenv ("GSK_RENDERER"), "cairo") != 0)
    return;
  g_setenv ("GDK_DISABLE", "gl", FALSE);                 /* GTK 4.16 and later */
  if (gtk_get_minor_version () < 16)
    g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
}

EsApplication *
es_application_new (void)
{
  skip_gl_for_the_cairo_renderer ();
  return g_object_new (ES_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_PREFIX,
                       NULL);
}

/**
 * es_application_get_settings:
 * @self: a #EsApplication
 *
 * Returns: (transfer none) (nullable): the application settings, or %NULL
 *   if the GSettings schema is not installed
 */
GSettings *
es_application_get_settings (EsApplication *self)
{
  g_return_val_if_fail (ES_IS_APPLICATION (self), NULL);

  return self->settings;
}

static GSettings *
es_application_create_settings (void)
{
  GSettingsSchemaSource *source;
  g_autoptr(GSettingsSchema) schema = NULL;

  source = g_settings_schema_source_get_default ();
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, SCHEMA_ID, TRUE);

  if (schema == NULL)
    {
      g_debug ("GSettings schema %s is not installed; window state will not be saved",
               SCHEMA_ID);
      return NULL;
    }

  return g_settings_new_full (schema, NULL, NULL);
}

/* The most recently focused main window; the list GTK keeps is in focus
 * order, and it may hold other windows (dialogs) too. */
static EsWindow *
es_application_get_main_window (EsApplication *self)
{
  const GList *l;

  for (l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      if (ES_IS_WINDOW (l->data))
        return ES_WINDOW (l->data);
    }

  return NULL;
}

static void
es_application_activate (GApplication *app)
{
  EsApplication *self = ES_APPLICATION (app);
  EsWindow *window;

  window = es_application_get_main_window (self);
  if (window == NULL)
    window = es_window_new (self);

  gtk_window_present (GTK_WINDOW (window));
}

/* What the window must follow rather than read once: "unix:PATH" and
 * "tcp:HOST:PORT" (which GIO takes for URIs), "-", a FIFO or a socket, or
 * any file with --follow. */
static char *
es_application_live_source (EsApplication *self,
                            GFile         *file)
{
  g_autofree char *scheme = g_file_get_uri_scheme (file);
  g_autofree char *path = NULL;

  if (g_strcmp0 (scheme, "unix") == 0 || g_strcmp0 (scheme, "tcp") == 0)
    return g_file_get_uri (file);
  path = g_file_get_path (file);
  if (path == NULL)
    return NULL;
  if (g_str_has_suffix (path, G_DIR_SEPARATOR_S "-") && !g_file_test (path, G_FILE_TEST_EXISTS))
    return g_strdup ("-");
  if (self->follow || es_live_source_is_stream (path))
    return g_steal_pointer (&path);
  return NULL;
}

static gboolean
es_application_names_live_source (EsApplication *self,
                                  GFile         *file)
{
  g_autofree char *live = es_application_live_source (self, file);

  return live != NULL;
}

static void
es_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  EsApplication *self = ES_APPLICATION (app);
  EsWindow *reusable;
  int i;

  /* Two logs are two runs to compare: `eventscope a.eventlog b.eventlog`. */
  if (n_files == 2 && !es_application_names_live_source (self, files[0]) &&
      !es_application_names_live_source (self, files[1]))
    {
      gtk_window_present (GTK_WINDOW (es_compare_window_new (GTK_APPLICATION (self), files[0], files[1])));
      return;
    }

  /* An empty window that is already on screen takes the first file, so
   * "Open" from a fresh window does not leave a useless window behind. */
  reusable = es_application_get_main_window (self);
  if (reusable != NULL && es_window_get_file (reusable) != NULL)
    reusable = NULL;

  for (i = 0; i < n_files; i++)
    {
      EsWindow *window;

      if (i == 0 && reusable != NULL)
        window = reusable;
      else
        window = es_window_new (self);

      {
        g_autofree char *live = es_application_live_source (self, files[i]);

        if (live != NULL)
          es_window_follow (window, live, self->record);
        else
          es_window_open_file (window, files[i]);
      }
      gtk_window_present (GTK_WINDOW (window));
    }
}

static void
es_application_quit_action (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  EsApplication *self = user_data;
  g_autoptr(GList) windows = NULL;
  const GList *l;

  /* Close rather than destroy, so each window saves its state in
   * close-request. The list changes as windows go, hence the copy. */
  windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));
  for (l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));

  g_application_quit (G_APPLICATION (self));
}

static void
es_application_about_action (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  static const char *authors[] = { "The Eventscope authors", NULL };
  EsApplication *self = user_data;

  gtk_show_about_dialog (GTK_WINDOW (es_application_get_main_window (self)),
                         "program-name", _("Eventscope"),
                         "logo-icon-name", APPLICATION_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Explore GHC eventlogs and Mono logs on a timeline"),
                         "website", "https://github.com/eventscope/eventscope",
                         "website-label", _("Website"),
                         "copyright", "© 2026 The Eventscope authors",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", authors,
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
es_application_open_action (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  EsApplication *self = user_data;
  EsWindow *window;

  window = es_application_get_main_window (self);
  if (window == NULL)
    window = es_window_new (self);

  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open", NULL);
}

/**
 * es_application_set_help_launcher:
 * @self: a #EsApplication
 * @launcher: (nullable): what shows a help URI, or %NULL for gtk_show_uri()
 * @user_data: passed to @launcher
 *
 * Replaces how the guide is opened, so a test can see the URI asked for.
 */
void
es_application_set_help_launcher (EsApplication  *self,
                                  EsHelpLauncher  launcher,
                                  gpointer        user_data)
{
  g_return_if_fail (ES_IS_APPLICATION (self));

  self->help_launcher = launcher;
  self->help_launcher_data = user_data;
}

/**
 * es_application_help_uri:
 * @page: (nullable): a page of the guide (help/C/PAGE.page), or %NULL
 *
 * Returns: (transfer full): the URI Yelp opens the guide, or its @page, at
 */
char *
es_application_help_uri (const char *page)
{
  if (page == NULL || *page == '\0')
    return g_strdup ("help:" HELP_ID);
  return g_strconcat ("help:" HELP_ID "/", page, NULL);
}

/**
 * es_application_show_help:
 * @self: a #EsApplication
 * @page: (nullable): a page of the guide, or %NULL for its front page
 *
 * Opens the user guide in the help browser (Yelp). In a Flatpak the URI
 * goes through the OpenURI portal, which gtk_show_uri() uses by itself.
 */
void
es_application_show_help (EsApplication *self,
                          const char    *page)
{
  g_autofree char *uri = es_application_help_uri (page);
  GtkWindow *parent;

  g_return_if_fail (ES_IS_APPLICATION (self));

  parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  if (self->help_launcher != NULL)
    self->help_launcher (parent, uri, self->help_launcher_data);
  else
    gtk_show_uri (parent, uri, GDK_CURRENT_TIME);
}

static void
es_application_help_action (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  es_application_show_help (ES_APPLICATION (user_data), NULL);
}

/* A link to a page, from an empty state or an error in the window. */
static void
es_application_help_page_action (GSimpleAction *action,
                                 GVariant      *parameter,
                                 gpointer       user_data)
{
  es_application_show_help (ES_APPLICATION (user_data), g_variant_get_string (parameter, NULL));
}

static const GActionEntry app_entries[] = {
  { .name = "quit", .activate = es_application_quit_action },
  { .name = "about", .activate = es_application_about_action },
  { .name = "open", .activate = es_application_open_action },
  { .name = "help", .activate = es_application_help_action },
  { .name = "help-page", .activate = es_application_help_page_action, .parameter_type = "s" },
};

/* GtkApplication loads gtk/help-overlay.ui and the icons from the
 * resource base path by itself, but unlike AdwApplication not style.css. */
static void
es_application_load_style (void)
{
  g_autoptr(GtkCssProvider) provider = NULL;
  GdkDisplay *display;

  display = gdk_display_get_default ();
  if (display == NULL)
    return;

  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, RESOURCE_PREFIX "/style.css");
  gtk_style_context_add_provider_for_display (display,
                                              GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void
es_application_startup (GApplication *app)
{
  static const char *quit_accels[] = { "<Primary>q", NULL };
  static const char *open_accels[] = { "<Primary>o", NULL };
  static const char *help_accels[] = { "F1", NULL };
  static const char *find_accels[] = { "<Primary>f", NULL };
  static const char *next_match_accels[] = { "<Primary>g", NULL };
  static const char *previous_match_accels[] = { "<Primary><Shift>g", NULL };
  EsApplication *self = ES_APPLICATION (app);

  G_APPLICATION_CLASS (es_application_parent_class)->startup (app);

  gtk_window_set_default_icon_name (APPLICATION_ID);
  es_application_load_style ();

  self->settings = es_application_create_settings ();

  g_action_map_add_action_entries (G_ACTION_MAP (self),
                                   app_entries,
                                   G_N_ELEMENTS (app_entries),
                                   self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.open", open_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.help", help_accels);
  /* The event list's, added to each window by EsEventList */
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.find-event", find_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.next-match", next_match_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.previous-match", previous_match_accels);
}

static gboolean
warm_text_cb (gpointer data)
{
  es_timeline_warm_text ();
  return G_SOURCE_REMOVE;
}

/* In the first window's first frame: the painter's fonts are warmed once
 * the main loop has nothing else to do, after that frame is drawn and
 * before a log comes, rather than in the log's first frame. */
static gboolean
warm_text_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  g_idle_add_full (G_PRIORITY_LOW, warm_text_cb, NULL, NULL);
  return G_SOURCE_REMOVE;
}

/* Every main window, however it was made (here, or by a test), learns the
 * profile: "devel" gives the header bar the theme's development look. */
static void
es_application_window_added (GtkApplication *app,
                             GtkWindow      *window)
{
  static gboolean warming = FALSE;

  GTK_APPLICATION_CLASS (es_application_parent_class)->window_added (app, window);

  if (DEVELOPMENT_BUILD && ES_IS_WINDOW (window))
    gtk_widget_add_css_class (GTK_WIDGET (window), "devel");
  if (!warming)
    {
      warming = TRUE;
      gtk_widget_add_tick_callback (GTK_WIDGET (window), warm_text_tick, NULL, NULL);
    }
}

static void
es_application_dispose (GObject *object)
{
  EsApplication *self = ES_APPLICATION (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->record, g_free);

  G_OBJECT_CLASS (es_application_parent_class)->dispose (object);
}

/* --version, answered locally without starting the GUI. */
static int
es_application_handle_local_options (GApplication *app,
                                     GVariantDict *options)
{
  EsApplication *self = ES_APPLICATION (app);

  self->follow = g_variant_dict_contains (options, "follow");
  g_variant_dict_lookup (options, "record", "^ay", &self->record);
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("eventscope %s\n", PACKAGE_VERSION);
      return 0;
    }
  return -1;
}

static void
es_application_class_init (EsApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  GtkApplicationClass *gtk_app_class = GTK_APPLICATION_CLASS (klass);

  app_class->handle_local_options = es_application_handle_local_options;

  object_class->dispose = es_application_dispose;

  app_class->startup = es_application_startup;
  app_class->activate = es_application_activate;
  app_class->open = es_application_open;

  gtk_app_class->window_added = es_application_window_added;
}

static void
es_application_init (EsApplication *self)
{
  static const GOptionEntry options[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and exit"), NULL },
    { "follow", 'f', 0, G_OPTION_ARG_NONE, NULL, N_("Follow the log as its program writes it"), NULL },
    { "record", 0, 0, G_OPTION_ARG_FILENAME, NULL,
      N_("Keep the bytes of a followed FIFO, socket or standard input in FILE"), N_("FILE") },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), options);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE.eventlog|FILE.mlpd|FIFO|-|unix:PATH|tcp:HOST:PORT…]"));
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Explore GHC eventlogs and Mono logs on a timeline."));
}
