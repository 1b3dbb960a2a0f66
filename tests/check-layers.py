#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that every #include in src/ keeps to the layers that README.md's
Layout table describes (TAP output for meson test).

    check-layers.py SOURCE_ROOT

The build already enforces most of this: each library's include path holds
only the folders below it, so an include that runs the wrong way does not
compile. Two things slip past include paths, and this checks them:

- a quoted include with a directory in it ("../document/es-document.h",
  "query/es-lod.h") is found relative to the including file, whatever the
  include path says: so every quoted include must be a bare file name;
- a library's dependency list could be widened by mistake (the Mono format
  given the GHC format's dependency, say) and everything would still
  compile: so the allowed graph is stated here again, independently of the
  meson.build files, and each include is checked against it.

Also: a *-private.h header is included only from its own folder; GTK only
in src/app; Cairo and Pango only in src/render and above; and no two
headers in src/ share a name (the include path would pick one silently)."""

import os
import re
import sys

# Folder: the folders it may include from (besides itself). Keep in step
# with README.md's Layout table and each folder's meson.build.
BELOW = {
    "src/eventlog": set(),
    "src/mlpd": set(),
    "src/document": {"src/eventlog", "src/mlpd"},
    "src/document/query": {"src/document", "src/eventlog", "src/mlpd"},
    "src/live": {"src/document/query", "src/document", "src/eventlog", "src/mlpd"},
    "src/render": {"src/document/query", "src/document", "src/eventlog", "src/mlpd"},
    "src/cli": {"src/live", "src/render", "src/document/query", "src/document", "src/eventlog", "src/mlpd"},
    "src/app": {"src/live", "src/render", "src/document/query", "src/document", "src/eventlog", "src/mlpd"},
}

# System headers by the folders that may include them.
TOOLKITS = [
    (re.compile(r"^(gtk|gdk|gsk)/"), {"src/app"}),
    (re.compile(r"^(cairo|pango)"), {"src/render", "src/cli", "src/app"}),
]

# Made by the build: in no layer.
GENERATED = {"config.h"}

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.MULTILINE)


def sources(source_root):
    for folder in BELOW:
        path = os.path.join(source_root, folder)
        for name in sorted(os.listdir(path)):
            if name.endswith((".c", ".h")):
                yield folder, name


def main(source_root):
    problems = {"bare names": [], "layers": [], "private headers": [], "toolkits": [],
                "unique header names": []}
    home = {}
    for folder, name in sources(source_root):
        if name.endswith(".h"):
            if name in home:
                problems["unique header names"].append(
                    f"{name} is in both {home[name]} and {folder}")
            home[name] = folder

    n_includes = 0
    for folder, name in sources(source_root):
        with open(os.path.join(source_root, folder, name), encoding="utf-8") as f:
            text = f.read()
        where = f"{folder}/{name}"
        for kind, header in INCLUDE.findall(text):
            n_includes += 1
            if kind == "<":
                for pattern, allowed in TOOLKITS:
                    if pattern.match(header) and folder not in allowed:
                        problems["toolkits"].append(f"{where} includes <{header}>")
                continue
            if "/" in header:
                problems["bare names"].append(f'{where} includes "{header}": name the file alone')
                header = os.path.basename(header)
            if header in GENERATED:
                continue
            if header not in home:
                problems["layers"].append(f'{where} includes "{header}", which is in no folder of src/')
                continue
            other = home[header]
            if other != folder and other not in BELOW[folder]:
                problems["layers"].append(f'{where} includes "{header}" from {other}, a layer above it')
            if header.endswith("-private.h") and other != folder:
                problems["private headers"].append(f'{where} includes "{header}", private to {other}')

    print(f"1..{len(problems)}")
    failed = 0
    for i, (check, found) in enumerate(problems.items(), start=1):
        if found:
            failed += 1
            print(f"not ok {i} - {check}")
            for line in found:
                print(f"#   {line}")
        else:
            print(f"ok {i} - {check} ({n_includes} includes in {len(BELOW)} folders)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
