#!/usr/bin/env python3
"""Every translation is whole: each language in po/LINGUAS translates every
string the sources mark today (not only those in the committed .pot), with
no fuzzy entry left (gettext shows a fuzzy one in English), and every source
file that marks strings is listed in po/POTFILES.in, so none is missed.

TAP output. Usage: check-po.py SOURCE_ROOT
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

root = sys.argv[1]
po_dir = os.path.join(root, 'po')
results = []


def check(ok, name, detail=''):
    results.append((ok, name, detail))


if shutil.which('xgettext') is None or shutil.which('msgcmp') is None:
    print('1..0 # SKIP gettext tools are not installed')
    sys.exit(0)

with open(os.path.join(po_dir, 'POTFILES.in')) as f:
    listed = [line.strip() for line in f if line.strip() and not line.startswith('#')]

# A C or .ui file marking strings that POTFILES.in forgot.
marks = re.compile(r'\b(N?_|C_|NC_|g_dngettext|ngettext)\s*\(\s*"|translatable="yes"')
missing = []
for top in ('src', 'ui'):
    for dirpath, _, names in os.walk(os.path.join(root, top)):
        for name in sorted(names):
            if not name.endswith(('.c', '.ui')):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            with open(path, encoding='utf-8') as f:
                if marks.search(f.read()) and rel not in listed:
                    missing.append(rel)
check(not missing, 'every source file that marks strings is in po/POTFILES.in',
      ', '.join(missing))

# The glib preset of meson's i18n module, as po/meson.build uses it.
keywords = ['--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
            '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3',
            '--keyword=g_dpgettext2:2c,3']
with tempfile.TemporaryDirectory() as tmp:
    pot = os.path.join(tmp, 'now.pot')
    run = subprocess.run(['xgettext', '--package-name=eventscope', '--from-code=UTF-8',
                          '--add-comments', *keywords, '-D', root, '-o', pot, *listed],
                         capture_output=True, text=True)
    check(run.returncode == 0, 'xgettext reads every file of POTFILES.in', run.stderr.strip())
    with open(os.path.join(po_dir, 'LINGUAS')) as f:
        languages = [w for line in f for w in line.split() if not line.startswith('#')]
    for lang in languages:
        po = os.path.join(po_dir, lang + '.po')
        stats = subprocess.run(['msgfmt', '-c', '--statistics', '-o', os.devnull, po],
                               capture_output=True, text=True)
        check(stats.returncode == 0 and 'fuzzy' not in stats.stderr and 'untranslated' not in stats.stderr,
              f'{lang}.po is valid, with no fuzzy or untranslated entry', stats.stderr.strip())
        if run.returncode == 0:
            cmp = subprocess.run(['msgcmp', '-N', po, pot], capture_output=True, text=True)
            with open(pot, encoding='utf-8') as f:
                pot_lines = f.readlines()
            lines = []
            for line in cmp.stderr.splitlines():
                at = re.match(r'.*now\.pot:(\d+): this message is used but not defined', line)
                if at:
                    # The line is the msgstr's: its msgid is just above.
                    i = int(at.group(1)) - 2
                    while i > 0 and not pot_lines[i].startswith('msgid'):
                        i -= 1
                    lines.append('untranslated: ' + ' '.join(l.strip() for l in pot_lines[i:int(at.group(1)) - 1]))
            if cmp.returncode != 0 and not lines:
                lines = cmp.stderr.splitlines()
            check(cmp.returncode == 0, f'{lang}.po translates every string the sources mark now',
                  '\n'.join(lines[:40]))

print(f'1..{len(results)}')
for i, (ok, name, detail) in enumerate(results, 1):
    print(f'{"ok" if ok else "not ok"} {i} - {name}')
    if not ok and detail:
        for line in detail.splitlines():
            print(f'# {line}')
sys.exit(0)
