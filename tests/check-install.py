#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Installs the build into a temporary DESTDIR and checks that everything a
desktop needs is in place, under the profile's application id and not the
other profile's (TAP output for meson test).

    check-install.py BUILD_DIR PREFIX APP_ID BASE_ID
    check-install.py --configure PROFILE SOURCE_ROOT PREFIX BASE_ID

The second form first configures and builds SOURCE_ROOT with -Dprofile=PROFILE
in a temporary directory (without the tests, to stay quick), so one meson
test run checks the profile it was not configured with as well."""

import os
import subprocess
import sys
import tempfile


# The user guide, where Yelp looks for help:eventscope (help/meson.build).
GUIDE_FILES = [
    "index.page", "open.page", "timeline.page", "gc-pause.page", "statistics.page",
    "gc-statistics.page", "threads.page", "heap-profile.page", "profile.page", "events.page",
    "compare.page", "live.page", "bookmarks.page", "export.page", "mono.page", "shortcuts.page",
    "command-line.page", "legal.xml",
    "figures/flame-graph.png", "figures/gc-pause.png", "figures/heap-profile.png",
    "figures/statistics.png", "figures/threads.png", "figures/timeline.png", "figures/window.png",
]


# Translations are built from help/LANG/LANG.po; their pictures link to C's.
GUIDE_LANGUAGES = ["C", "de"]


def expected_files(app_id, base_id):
    return [
        "bin/eventscope",
        "bin/eventscope-cli",
        f"share/applications/{app_id}.desktop",
        f"share/metainfo/{app_id}.metainfo.xml",
        f"share/icons/hicolor/scalable/apps/{app_id}.svg",
        f"share/icons/hicolor/symbolic/apps/{app_id}-symbolic.svg",
        "share/mime/packages/eventscope-mime.xml",
        # The settings keep the base id in every profile.
        f"share/glib-2.0/schemas/{base_id}.gschema.xml",
        "share/eventscope/parfib-N2.eventlog",
        "share/man/man1/eventscope.1",
        "share/man/man1/eventscope-cli.1",
        "share/bash-completion/completions/eventscope-cli",
    ] + [f"share/help/{lang}/eventscope/{name}" for lang in GUIDE_LANGUAGES for name in GUIDE_FILES]


def absent_files(app_id, base_id):
    """The other profile's desktop file, metainfo and icons."""
    other = base_id if app_id != base_id else base_id + ".Devel"
    return [
        f"share/applications/{other}.desktop",
        f"share/metainfo/{other}.metainfo.xml",
        f"share/icons/hicolor/scalable/apps/{other}.svg",
        f"share/icons/hicolor/symbolic/apps/{other}-symbolic.svg",
    ]


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, **kwargs)


def comment(text):
    print("# " + text.strip().replace("\n", "\n# "))


def main(argv):
    with tempfile.TemporaryDirectory() as tmp:
        steps = []
        if argv[0] == "--configure":
            profile, source_root, prefix, base_id = argv[1:5]
            app_id = base_id + ".Devel" if profile == "development" else base_id
            build_dir = os.path.join(tmp, "build")
            steps.append((f"meson setup -Dprofile={profile}",
                          ["meson", "setup", build_dir, source_root, f"-Dprofile={profile}",
                           f"--prefix={prefix}", "-Dtests=false", "-Dbuildtype=plain"]))
            steps.append(("meson compile", ["meson", "compile", "-C", build_dir]))
        else:
            build_dir, prefix, app_id, base_id = argv[0:4]

        destdir = os.path.join(tmp, "dest")
        # Post-install scripts (icon cache, MIME database) skip a DESTDIR.
        steps.append(("meson install into a DESTDIR",
                      ["meson", "install", "-C", build_dir, "--no-rebuild", "--quiet",
                       "--destdir", destdir, "--skip-subprojects"]))

        expected = expected_files(app_id, base_id)
        absent = absent_files(app_id, base_id)
        print(f"1..{len(steps) + len(expected) + len(absent)}")
        n = 0
        built = True
        for what, args in steps:
            n += 1
            result = run(args, env=dict(os.environ, DESTDIR=destdir))
            ok = result.returncode == 0
            print(f"{'ok' if ok else 'not ok'} {n} - {what}")
            if not ok:
                comment(result.stdout[-2000:] + result.stderr[-2000:])
                built = False
                break

        failed = not built
        root = os.path.join(destdir, prefix.lstrip("/"))
        for path in expected:
            n += 1
            present = built and os.path.exists(os.path.join(root, path))
            print(f"{'ok' if present else 'not ok'} {n} - {path}")
            failed |= not present
        for path in absent:
            n += 1
            gone = built and not os.path.exists(os.path.join(root, path))
            print(f"{'ok' if gone else 'not ok'} {n} - not {path}")
            failed |= not gone
        return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
