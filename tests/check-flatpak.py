#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Flatpak manifests cannot be built here (no runtime download), so this
checks their structure, their permissions, and that every path they name
exists (TAP output for meson test)."""

import json
import os
import sys

source_root = sys.argv[1]
manifests = sys.argv[2:]
allowed = {"--share=ipc", "--socket=fallback-x11", "--socket=wayland", "--device=dri"}
checks = []

for path in manifests:
    name = os.path.basename(path)
    with open(path) as f:
        m = json.load(f)
    checks.append((f"{name}: app id", m.get("id", "").startswith("io.github.eventscope.Eventscope")))
    checks.append((f"{name}: GNOME runtime and SDK", m.get("runtime") == "org.gnome.Platform" and m.get("sdk") == "org.gnome.Sdk"))
    checks.append((f"{name}: command eventscope", m.get("command") == "eventscope"))
    checks.append((f"{name}: only the permissions it needs", set(m.get("finish-args", [])) <= allowed))
    modules = [mod for mod in m.get("modules", []) if isinstance(mod, dict) and mod.get("name") == "eventscope"]
    checks.append((f"{name}: an eventscope meson module", len(modules) == 1 and modules[0].get("buildsystem") == "meson"))
    for mod in modules:
        for source in mod.get("sources", []):
            if source.get("type") == "dir":
                target = os.path.normpath(os.path.join(os.path.dirname(path), source["path"]))
                checks.append((f"{name}: source dir {source['path']} is the project",
                               os.path.exists(os.path.join(target, "meson.build")) and
                               os.path.samefile(target, source_root)))

print(f"1..{len(checks)}")
for i, (what, good) in enumerate(checks, start=1):
    print(f"{'ok' if good else 'not ok'} {i} - {what}")
sys.exit(0 if all(good for _, good in checks) else 1)
