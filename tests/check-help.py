#!/usr/bin/env python3
"""The user guide is valid Mallard, its links and pictures resolve, and
help/meson.build installs every page and picture there is.

Usage: check-help.py SOURCE-ROOT [BUILD-ROOT]

yelp-check (Debian's yelp-tools) validates each language's pages against
the Mallard schema and checks their links, media and orphans. Without it,
those checks skip, visibly (TAP "# SKIP"); the listing checks still run.
With BUILD-ROOT, the translated pages built there (help/LANG/*.page, made
by itstool from help/LANG/LANG.po) are validated too: a translation that
breaks the markup fails here, not in Yelp.
"""

import glob
import os
import re
import shutil
import subprocess
import sys

root = sys.argv[1]
build = sys.argv[2] if len(sys.argv) > 2 else None
help_dir = os.path.join(root, "help")
results = []


def check(ok, what, detail="", skip=None):
    results.append((ok, what, detail, skip))


meson_build = open(os.path.join(help_dir, "meson.build")).read()
listed = set(re.findall(r"'([\w/.-]+\.(?:page|xml|png))'", meson_build))
pages = {os.path.basename(p) for p in glob.glob(os.path.join(help_dir, "C", "*.page"))}
pages |= {"legal.xml"}
figures = {os.path.relpath(p, os.path.join(help_dir, "C"))
           for p in glob.glob(os.path.join(help_dir, "C", "figures", "*.png"))}
check(pages <= listed, "help/meson.build installs every page of help/C",
      f"not listed: {sorted(pages - listed)}")
check(figures <= listed, "help/meson.build installs every picture of help/C/figures",
      f"not listed: {sorted(figures - listed)}")
check(listed <= pages | figures, "every file help/meson.build lists is there",
      f"missing: {sorted(listed - pages - figures)}")
for figure in sorted(figures):
    size = os.path.getsize(os.path.join(help_dir, "C", figure))
    check(size < 200_000, f"{figure} is reasonably small", f"{size} bytes")

# The languages: C, and those of help/LINGUAS (their .po, once built, are
# checked by the build itself; here, the sources).
languages = ["C"]
linguas = os.path.join(help_dir, "LINGUAS")
if os.path.exists(linguas):
    for line in open(linguas):
        line = line.split("#", 1)[0].strip()
        if line:
            languages.append(line)
            check(os.path.exists(os.path.join(help_dir, line, line + ".po")),
                  f"help/{line}/{line}.po is there for help/LINGUAS")

yelp_check = shutil.which("yelp-check")
c_pages = sorted(glob.glob(os.path.join(help_dir, "C", "*.page")))
for command in ("validate", "links", "media", "orphans"):
    what = f"yelp-check {command} help/C"
    if yelp_check is None:
        check(True, what, skip="yelp-check not installed (Debian: yelp-tools)")
        continue
    run = subprocess.run([yelp_check, command] + [os.path.basename(p) for p in c_pages],
                         cwd=os.path.join(help_dir, "C"), capture_output=True, text=True)
    # links, media and orphans print what is wrong and exit 0.
    out = (run.stdout + run.stderr).strip()
    check(run.returncode == 0 and out == "", what, out.replace("\n", "\n# "))

for language in languages[1:]:
    built = sorted(glob.glob(os.path.join(build, "help", language, "*.page"))) if build else []
    what = f"yelp-check validate the built help/{language}"
    if yelp_check is None or not build:
        check(True, what, skip="yelp-check not installed" if build else "no build directory given")
        continue
    check(len(built) == len(c_pages), f"help/{language} is built, a page for each of help/C",
          f"{len(built)} of {len(c_pages)}")
    if built:
        run = subprocess.run([yelp_check, "validate"] + built, capture_output=True, text=True)
        out = (run.stdout + run.stderr).strip()
        check(run.returncode == 0 and out == "", what, out.replace("\n", "\n# "))

print(f"1..{len(results)}")
for number, (ok, what, detail, skip) in enumerate(results, 1):
    if skip:
        print(f"ok {number} - {what} # SKIP {skip}")
        continue
    print(f"{'ok' if ok else 'not ok'} {number} - {what}")
    if not ok and detail:
        print(f"# {detail}")
sys.exit(0 if all(ok for ok, _, _, _ in results) else 1)
