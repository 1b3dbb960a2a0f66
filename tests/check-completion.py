#!/usr/bin/env python3
"""The bash completion of eventscope-cli, driven as bash drives it.

Usage: check-completion.py COMPLETION-SCRIPT EVENTSCOPE-CLI

Each case sets COMP_WORDS and COMP_CWORD the way bash splits a command line
(COMP_WORDBREAKS makes "--from=" two words), calls the completion function in
a plain bash that sourced the script, and checks COMPREPLY against what the
program itself says it takes (its --help) and the files in a scratch folder.
"""

import os
import socket
import subprocess
import sys
import tempfile

script, cli = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
failures = []


def complete(words, cwd):
    """COMPREPLY for a command line whose last word is being completed."""
    quoted = " ".join("'" + w.replace("'", "'\\''") + "'" for w in [cli] + words)
    program = (
        f"source '{script}'\n"
        f"COMP_WORDS=({quoted}); COMP_CWORD={len(words)}\n"
        "_eventscope_cli\n"
        "printf '%s\\n' \"${COMPREPLY[@]}\"\n"
    )
    result = subprocess.run(["bash", "--norc", "--noprofile", "-c", program],
                            cwd=cwd, capture_output=True, text=True, check=True)
    if result.stderr:
        failures.append(f"{words}: bash said {result.stderr.strip()!r}")
    return set(line for line in result.stdout.splitlines() if line)


def expect(words, cwd, wanted, exact=True):
    got = complete(words, cwd)
    ok = got == wanted if exact else wanted <= got
    if not ok:
        failures.append(f"{words}: expected {'' if exact else 'at least '}{sorted(wanted)}, got {sorted(got)}")
    return got


def help_text(*args):
    return subprocess.run([cli, *args, "--help"], capture_output=True, text=True, check=True).stdout


with tempfile.TemporaryDirectory(prefix="eventscope-completion-") as scratch:
    for name in ("run.eventlog", "alloc.mlpd", "notes.txt", "old.png"):
        open(os.path.join(scratch, name), "w").close()
    os.mkdir(os.path.join(scratch, "logs"))
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(os.path.join(scratch, "ghc.sock"))

    # The commands: every one the usage lists, each one a command the program takes.
    commands = expect([""], scratch, {"dump", "summary", "compare", "profile", "watch", "--help", "--version"},
                      exact=False)
    for command in commands - {"--help", "--version"}:
        if subprocess.run([cli, command, "--help"], capture_output=True).returncode != 0:
            failures.append(f"completion offers {command!r}, which `eventscope-cli {command} --help` refuses")
    expect(["su"], scratch, {"summary"})

    # A command's options are exactly its --help's long options.
    for command in commands - {"--help", "--version"}:
        listed = set()
        for line in help_text(command).splitlines():
            words = line.split()
            if not line.startswith(" ") or not words or not words[0].startswith("-"):
                continue      # not an option's line
            option = next(w for w in words if w.startswith("--")).rstrip(",")
            listed.add(option.split("=")[0] + ("=" if "=" in option else ""))
        expect([command, "--"], scratch, listed)
    expect(["summary", "--fr"], scratch, {"--from="})

    # A SOURCE: logs, folders and the stream prefixes; not other files.
    expect(["summary", ""], scratch, {"run.eventlog", "alloc.mlpd", "logs/", "unix:", "tcp:", "-"})
    expect(["watch", "--interval", "=", "2s", "a"], scratch, {"alloc.mlpd"})
    expect(["summary", "unix", ":", "g"], scratch, {"ghc.sock"})
    expect(["summary", "unix", ":"], scratch, {"run.eventlog", "alloc.mlpd", "notes.txt", "old.png", "logs", "ghc.sock"})
    expect(["summary", "tcp", ":", ""], scratch, set())
    # Values: any file to record into, the views by name, nothing for a time.
    expect(["dump", "--record", "="], scratch, {"run.eventlog", "alloc.mlpd", "notes.txt", "old.png", "logs",
                                               "ghc.sock"})
    expect(["dump", "--record", "n"], scratch, {"notes.txt"})
    expect(["summary", "--from", "=", ""], scratch, set())
    if "export" in commands:
        expect(["export", "--view", "=", ""], scratch, {"timeline", "profile"})
        expect(["export", "run.eventlog", ""], scratch, {"old.png", "logs/"})
    sock.close()

print("1..1")
for failure in failures:
    print("# FAIL:", failure)
print(f"{'ok' if not failures else 'not ok'} 1 - bash completion of eventscope-cli")
sys.exit(1 if failures else 0)
