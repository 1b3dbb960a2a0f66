#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Flatpak manifests cannot be built here (no runtime download), so this
checks their structure, their permissions, that every path they name
exists, and that the .Devel manifest builds the development profile under
its own id while the release one does not (TAP output for meson test)."""

import json
import os
import re
import sys

source_root = sys.argv[1]
manifests = sys.argv[2:]
base_id = "io.github.eventscope.Eventscope"
allowed = {"--share=ipc", "--socket=fallback-x11", "--socket=wayland", "--device=dri",
           # Live (README, Live): FIFOs and Unix sockets in $XDG_RUNTIME_DIR/eventscope,
           # the one folder the sandbox and the host share for them, and TCP
           # for tcp:HOST:PORT, eventlog-socket's other transport
           "--filesystem=xdg-run/eventscope:create", "--share=network"}
live_needs = {"--filesystem=xdg-run/eventscope:create", "--share=network"}
checks = []

# The option the .Devel manifest passes must exist, or meson stops at setup.
with open(os.path.join(source_root, "meson_options.txt")) as f:
    options = f.read()
profile_option = re.search(r"option\('profile',[^\n]*'development'", options)
checks.append(("meson_options.txt: a profile option with 'development'", profile_option is not None))

for path in manifests:
    name = os.path.basename(path)
    with open(path) as f:
        m = json.load(f)
    app_id = m.get("id", m.get("app-id", ""))
    devel = name.endswith(".Devel.json")
    checks.append((f"{name}: app id {app_id}", app_id == (base_id + ".Devel" if devel else base_id) and
                   name == app_id + ".json"))
    checks.append((f"{name}: GNOME runtime and SDK", m.get("runtime") == "org.gnome.Platform" and m.get("sdk") == "org.gnome.Sdk"))
    checks.append((f"{name}: command eventscope", m.get("command") == "eventscope"))
    checks.append((f"{name}: only the permissions it needs", set(m.get("finish-args", [])) <= allowed))
    checks.append((f"{name}: what the live recipes need (a shared runtime folder, TCP)",
                   live_needs <= set(m.get("finish-args", []))))
    # The guide is installed by the meson module (gnome.yelp(), under
    # /app/share/help) and must survive the cleanup, as must what F1 needs.
    cleanup = m.get("cleanup", [])
    checks.append((f"{name}: the user guide is not cleaned up (/share/help)",
                   not any(c.rstrip("/") in ("/share", "/share/help") or c.startswith("/share/help")
                           for c in cleanup)))
    # The man pages and the bash completion are installed by the same
    # module, and are kept too (the module is the only one: nothing else
    # brings man pages to clean up).
    for kept in ("/share/man", "/share/bash-completion"):
        checks.append((f"{name}: {kept} is not cleaned up",
                       not any(c.rstrip("/") in ("/share", kept) or c.startswith(kept) or c == "/man"
                               for c in cleanup)))
    modules = [mod for mod in m.get("modules", []) if isinstance(mod, dict) and mod.get("name") == "eventscope"]
    checks.append((f"{name}: an eventscope meson module", len(modules) == 1 and modules[0].get("buildsystem") == "meson"))
    opts = [opt for mod in modules for opt in mod.get("config-opts", [])]
    profiles = [opt.split("=", 1)[1] for opt in opts if opt.startswith("-Dprofile=")]
    if devel:
        checks.append((f"{name}: built with -Dprofile=development", profiles == ["development"]))
    else:
        checks.append((f"{name}: built with the default profile", profiles in ([], ["default"])))
    for mod in modules:
        for source in mod.get("sources", []):
            if source.get("type") == "dir":
                target = os.path.normpath(os.path.join(os.path.dirname(path), source["path"]))
                checks.append((f"{name}: source dir {source['path']} is the project",
                               os.path.exists(os.path.join(target, "meson.build")) and
                               os.path.samefile(target, source_root)))

checks.append(("both the release and the .Devel manifest are checked",
               sorted(os.path.basename(p) for p in manifests) ==
               [base_id + ".Devel.json", base_id + ".json"]))

print(f"1..{len(checks)}")
for i, (what, good) in enumerate(checks, start=1):
    print(f"{'ok' if good else 'not ok'} {i} - {what}")
sys.exit(0 if all(good for _, good in checks) else 1)
