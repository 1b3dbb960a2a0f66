#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Installs the build into a temporary DESTDIR and checks that everything a
desktop needs is in place (TAP output for meson test)."""

import os
import subprocess
import sys
import tempfile

build_dir, prefix = sys.argv[1], sys.argv[2]
app_id = "io.github.eventscope.Eventscope"
expected = [
    "bin/eventscope",
    "bin/eventscope-cli",
    f"share/applications/{app_id}.desktop",
    f"share/metainfo/{app_id}.metainfo.xml",
    f"share/icons/hicolor/scalable/apps/{app_id}.svg",
    f"share/icons/hicolor/symbolic/apps/{app_id}-symbolic.svg",
    "share/mime/packages/eventscope-mime.xml",
    f"share/glib-2.0/schemas/{app_id}.gschema.xml",
    "share/eventscope/parfib-N2.eventlog",
    "share/man/man1/eventscope.1",
    "share/man/man1/eventscope-cli.1",
]

with tempfile.TemporaryDirectory() as destdir:
    env = dict(os.environ, DESTDIR=destdir)
    # Post-install scripts (icon cache, MIME database) are not for a DESTDIR.
    env["DESTDIR"] = destdir
    result = subprocess.run(["meson", "install", "-C", build_dir, "--no-rebuild", "--quiet",
                             "--destdir", destdir, "--skip-subprojects"],
                            env=env, capture_output=True, text=True)
    print(f"1..{len(expected) + 1}")
    ok = result.returncode == 0
    print(f"{'ok' if ok else 'not ok'} 1 - meson install into a DESTDIR")
    if not ok:
        print("# " + result.stderr.replace("\n", "\n# "))
    root = os.path.join(destdir, prefix.lstrip("/"))
    failed = not ok
    for i, path in enumerate(expected, start=2):
        present = os.path.exists(os.path.join(root, path))
        failed |= not present
        print(f"{'ok' if present else 'not ok'} {i} - {path}")
    sys.exit(1 if failed else 0)
