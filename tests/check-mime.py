#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Builds a MIME database in a temporary directory from the system's
freedesktop.org.xml and data/eventscope-mime.xml, and checks that GIO
resolves the real fixtures to Eventscope's types, both by name and, renamed
to a name without an extension, by their first bytes; and that the desktop
entry and the AppStream metadata name every type (TAP output for meson test).

    check-mime.py SOURCE_ROOT

Skipped when update-mime-database, gio or the freedesktop.org database is
missing."""

import os
import shutil
import subprocess
import sys
import tempfile

FREEDESKTOP_XML = "/usr/share/mime/packages/freedesktop.org.xml"
EVENTLOG = "application/x-ghc-eventlog"
MONO_LOG = "application/x-mono-log-profile"

# (fixture, its type by name, its type by content alone). The gzip-compressed
# Mono log is only known by its name: by content it is any gzip file.
CASES = [
    ("hello.eventlog", EVENTLOG, EVENTLOG),
    ("mlpd/gc-threads.mlpd", MONO_LOG, MONO_LOG),
    ("mlpd/nogc.mlpd", MONO_LOG, MONO_LOG),
    ("mlpd/gc-zip.mlpd", MONO_LOG, "application/gzip"),
]


def content_type(path, data_dir):
    env = dict(os.environ, XDG_DATA_HOME=data_dir, XDG_DATA_DIRS=data_dir, GIO_USE_VFS="local")
    result = subprocess.run(["gio", "info", "--attributes=standard::content-type", path],
                            capture_output=True, text=True, env=env)
    for line in result.stdout.splitlines():
        key, _, value = line.strip().partition(": ")
        if key == "standard::content-type":
            return value
    return "(none: " + result.stderr.strip() + ")"


def main(source_root):
    if not (shutil.which("update-mime-database") and shutil.which("gio")
            and os.path.exists(FREEDESKTOP_XML)):
        print("1..0 # SKIP update-mime-database, gio or freedesktop.org.xml missing")
        return 0

    fixtures = os.path.join(source_root, "tests", "fixtures")
    data = os.path.join(source_root, "data")
    with open(os.path.join(data, "io.github.eventscope.Eventscope.desktop.in.in")) as f:
        desktop = f.read()
    with open(os.path.join(data, "io.github.eventscope.Eventscope.metainfo.xml.in.in")) as f:
        metainfo = f.read()
    mime_types = [line.split("=", 1)[1] for line in desktop.splitlines() if line.startswith("MimeType=")]
    listed = mime_types[0].rstrip(";").split(";") if mime_types else []

    checks = []
    for mime in (EVENTLOG, MONO_LOG):
        checks.append((f"the desktop entry's MimeType lists {mime}", mime in listed))
        checks.append((f"the metainfo provides {mime}", f"<mediatype>{mime}</mediatype>" in metainfo))

    with tempfile.TemporaryDirectory() as tmp:
        packages = os.path.join(tmp, "mime", "packages")
        os.makedirs(packages)
        shutil.copy(FREEDESKTOP_XML, packages)
        shutil.copy(os.path.join(data, "eventscope-mime.xml"), packages)
        result = subprocess.run(["update-mime-database", os.path.join(tmp, "mime")],
                                capture_output=True, text=True)
        checks.append(("update-mime-database accepts eventscope-mime.xml",
                       result.returncode == 0 and "eventscope-mime.xml" not in result.stderr))

        for fixture, by_name, by_content in CASES:
            path = os.path.join(fixtures, fixture)
            got = content_type(path, tmp)
            checks.append((f"{fixture} by name: {by_name} (got {got})", got == by_name))
            renamed = os.path.join(tmp, "renamed-" + os.path.basename(fixture).split(".")[0])
            shutil.copy(path, renamed)
            got = content_type(renamed, tmp)
            checks.append((f"{fixture} by content: {by_content} (got {got})", got == by_content))

    print(f"1..{len(checks)}")
    for n, (what, ok) in enumerate(checks, 1):
        print(f"{'ok' if ok else 'not ok'} {n} - {what}")
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
