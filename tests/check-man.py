#!/usr/bin/env python3
"""The man pages list what the programs take: no more, no less.

Usage: check-man.py MAN-DIR EVENTSCOPE-CLI [EVENTSCOPE]

eventscope-cli(1): its SYNOPSIS has a line per command, each with every
long option that command's --help lists, and no other; every command of
`eventscope-cli --help` is there. eventscope(1): its OPTIONS section has
each of the application's own options. The programs' --help are the truth,
so a new option or command without its man page fails here.
"""

import os
import re
import subprocess
import sys

man_dir, cli = sys.argv[1], sys.argv[2]
app = sys.argv[3] if len(sys.argv) > 3 else None
results = []


def check(ok, what, detail=""):
    results.append((ok, what, detail))


def run_help(*args):
    return subprocess.run(list(args) + ["--help"], capture_output=True, text=True,
                          env=dict(os.environ, LC_ALL="C")).stdout


def long_options(help_text, skip=("--help",)):
    """The long options of --help's option lines ("  -f, --follow", "  --from=T")."""
    found = set()
    for line in help_text.splitlines():
        words = line.split()
        if not line.startswith(" ") or not words or not words[0].startswith("-"):
            continue
        option = next((w for w in words if w.startswith("--")), None)
        if option:
            found.add(option.rstrip(",").split("=")[0])
    return found - set(skip)


def man_options(text):
    """Long options as troff writes them: \\-\\-memory\\-limit -> --memory-limit."""
    plain = text.replace("\\-", "-")
    return set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", plain))


def commands_of_usage(help_text):
    commands, inside = [], False
    for line in help_text.splitlines():
        if line.startswith("Commands:"):
            inside = True
        elif line and not line.startswith(" "):
            inside = False
        elif inside and re.match(r"^  [a-z]", line):
            commands.append(line.split()[0])
    return commands


# eventscope-cli(1)
page = open(os.path.join(man_dir, "eventscope-cli.1")).read()
synopsis = page.split(".SH SYNOPSIS", 1)[1].split("\n.SH ", 1)[0]
blocks = {}
for block in re.split(r"\n(?=\.B eventscope-cli )", synopsis.strip()):
    match = re.match(r"\.B eventscope-cli (\S+)", block)
    if match:
        blocks[match.group(1)] = man_options(block)

commands = commands_of_usage(run_help(cli))
check(len(commands) >= 5, "eventscope-cli --help lists its commands", f"found {commands}")
for command in commands:
    if command not in blocks:
        check(False, f"eventscope-cli(1) has `{command}` in its SYNOPSIS")
        continue
    listed = long_options(run_help(cli, command))
    missing, extra = listed - blocks[command], blocks[command] - listed
    check(not missing and not extra, f"eventscope-cli(1) lists the options of `{command}`",
          f"missing {sorted(missing)}, not taken {sorted(extra)}")
    check(re.search(rf"^\.B {re.escape(command)}$", page, re.M) is not None,
          f"eventscope-cli(1) describes `{command}` under DESCRIPTION")
for command in blocks.keys() - set(commands):
    check(False, f"eventscope-cli(1)'s `{command}` is a command of the program")
check(".SH EXIT STATUS" in page, "eventscope-cli(1) says its exit codes")

# eventscope(1)
if app:
    page = open(os.path.join(man_dir, "eventscope.1")).read()
    options = page.split(".SH OPTIONS", 1)[1].split("\n.SH ", 1)[0]
    listed = long_options(run_help(app), skip=("--help", "--help-all", "--help-gapplication"))
    documented = man_options(options) - {"--help"}
    check(listed == documented, "eventscope(1) lists the application's options",
          f"missing {sorted(listed - documented)}, not taken {sorted(documented - listed)}")

print(f"1..{len(results)}")
for number, (ok, what, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {number} - {what}")
    if not ok and detail:
        print(f"# {detail}")
sys.exit(0 if all(ok for ok, _, _ in results) else 1)
