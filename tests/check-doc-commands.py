#!/usr/bin/env python3
"""Every command shown in README.md, docs/*.md and the user guide runs as
written.

Usage: check-doc-commands.py SOURCE-ROOT BUILD-ROOT

The shell blocks are the Markdown blocks fenced ```sh (or bash, shell) and
the guide's <code mime="application/x-shellscript">. Each runs in bash
(-e, -o pipefail) in a temporary directory of its own, removed after it,
that holds what the examples name: links to the checkout's tests/,
build-aux/, data/, help/ and flatpak/, _build (this build), and copies of
the project's fixtures under the names the examples give a user's logs
(prog.eventlog, a.eventlog, b.eventlog, ...). eventscope and eventscope-cli
are this build's, first on PATH.

A block that needs something of the user's (their program, ghc, mono, a
display, minutes of machine time) starts with a line `# not run: REASON`,
or in the guide has style="not-run" (docs/README.md says so): it is not run, but the programs, scripts and
manifests of the checkout it names must exist, so a renamed script or
program still fails here.
"""

import html
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

root, build = sys.argv[1], sys.argv[2]
results = []

# What the examples call a user's logs, from the project's own.
STAND_INS = {
    "prog.eventlog": "profiled-long.eventlog",  # 3 s, profiled: every example applies
    "a.eventlog": "alloc-A1m-N2.eventlog",
    "b.eventlog": "alloc-A64m-N2.eventlog",
    "baseline.eventlog": "alloc-A1m-N1-rerun1.eventlog",
    "new.eventlog": "alloc-A1m-N1-rerun2.eventlog",
    "prof.eventlog": "profiled-hc.eventlog",
    "prog.mlpd": "mlpd/gc-threads.mlpd",
}
LINKED = ["tests", "build-aux", "data", "help", "flatpak", "po"]
# Tools an example may use that the project does not need: without them,
# the block skips, visibly.
OPTIONAL_TOOLS = ["jq"]
NOT_RUN = re.compile(r"^# not run: (\S.*)$")
PROJECT_PATH = re.compile(r"(?<![\w/.$-])(?:\./)?((?:_build|build-aux|tests|help|data|flatpak|po|docs)/[\w./+-]*[\w+-])")


def markdown_blocks(path):
    blocks, current, start = [], None, 0
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        if current is None:
            if re.match(r"^```(sh|bash|shell)\s*$", line):
                current, start = [], number
        elif line.startswith("```"):
            blocks.append((start, "".join(current)))
            current = None
        else:
            current.append(line)
    return blocks


def guide_blocks(path):
    text = open(path, encoding="utf-8").read()
    blocks = []
    for match in re.finditer(r'<code mime="application/x-shellscript"( style="not-run")?>(.*?)</code>', text, re.S):
        line = text.count("\n", 0, match.start()) + 1
        block = html.unescape(match.group(2))
        # The guide's readers see no "# not run:" line: the page marks
        # the block with a style instead.
        if match.group(1):
            block = "# not run: marked style=\"not-run\" (needs the reader's program or tools)\n" + block
        blocks.append((line, block))
    return blocks


def sources():
    files = [os.path.join(root, "README.md"), os.path.join(root, "help", "README.md")]
    docs = os.path.join(root, "docs")
    files += sorted(os.path.join(docs, f) for f in os.listdir(docs) if f.endswith(".md"))
    pages = os.path.join(root, "help", "C")
    files += sorted(os.path.join(pages, f) for f in os.listdir(pages) if f.endswith(".page"))
    for path in files:
        blocks = guide_blocks(path) if path.endswith(".page") else markdown_blocks(path)
        for line, block in blocks:
            yield os.path.relpath(path, root), line, block


def scratch_dir():
    work = tempfile.mkdtemp(prefix="es-doc-commands-")
    for name in LINKED:
        os.symlink(os.path.join(root, name), os.path.join(work, name))
    os.symlink(build, os.path.join(work, "_build"))
    for name, fixture in STAND_INS.items():
        shutil.copy(os.path.join(root, "tests", "fixtures", fixture), os.path.join(work, name))
    return work


def uses(block, tool):
    return re.search(rf"(^|[|;&({{]\s*){re.escape(tool)}\b", block, re.M) is not None


env = dict(os.environ)
env["PATH"] = os.pathsep.join([os.path.join(build, "src", "cli"), os.path.join(build, "src", "app"),
                               env.get("PATH", "")])
env["GSETTINGS_BACKEND"] = "memory"

count = 0
for name, line, block in sources():
    count += 1
    where = f"{name}:{line}"
    first = block.lstrip("\n").split("\n", 1)[0]
    not_run = NOT_RUN.match(first)
    if first.startswith("# not run") and not not_run:
        results.append((False, f"{where}: `# not run:` says why", first, None))
        continue
    if not_run:
        # The programs, scripts and manifests it runs, not the files it
        # would write.
        named = [p for p in PROJECT_PATH.findall(block)
                 if p.startswith("_build/") or p.endswith(".sh") or p.startswith("flatpak/")]
        missing = [p for p in named
                   if not p.startswith("_build/") and not os.path.exists(os.path.join(root, p))]
        built = [p for p in named
                 if p.startswith("_build/") and not os.path.exists(os.path.join(build, p[len("_build/"):]))]
        results.append((not missing and not built,
                        f"{where}: not run ({not_run.group(1)}); the programs it names exist",
                        f"missing: {missing + built}", None))
        continue
    # The test suite must not run itself (nor install packages): a block
    # that would is refused unread, whatever it says.
    if re.search(r"meson test|build-aux/(test|run|install-deps)\.sh|apt-get|sudo", block):
        results.append((False, f"{where}: runs the tests or installs: starts with `# not run:`", block, None))
        continue
    lacking = [t for t in OPTIONAL_TOOLS if uses(block, t) and shutil.which(t) is None]
    if lacking:
        results.append((True, f"{where}: runs", "", f"{', '.join(lacking)} not installed"))
        continue
    work = scratch_dir()
    # A session of its own, so a block that hangs is stopped whole.
    child = subprocess.Popen(["bash", "-e", "-o", "pipefail", "-c", block], cwd=work, env=env,
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, start_new_session=True)
    try:
        out, _ = child.communicate(timeout=60)
        ok, detail = child.returncode == 0, f"exit {child.returncode}: {out[-600:]}"
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        ok, detail = False, "still running after 60 s"
    finally:
        shutil.rmtree(work)
    results.append((ok, f"{where}: runs", detail, None))

if count == 0:
    results.append((False, "the documents have shell blocks", "", None))

print(f"1..{len(results)}")
for number, (ok, what, detail, skip) in enumerate(results, 1):
    if skip:
        print(f"ok {number} - {what} # SKIP {skip}")
        continue
    print(f"{'ok' if ok else 'not ok'} {number} - {what}")
    if not ok and detail:
        print("# " + detail.replace("\n", "\n# "))
sys.exit(0 if all(ok for ok, _, _, _ in results) else 1)
