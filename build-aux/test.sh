#!/usr/bin/env bash
# The README's second command: install what is needed, build with warnings
# as errors, run the whole test suite (GUI tests under Xvfb), then the
# robustness tests once more under valgrind. Ends with one plain line:
# "N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/.."

bash build-aux/install-deps.sh || exit 1

builddir=_build-test
if [ ! -d "$builddir" ]; then
  meson setup "$builddir" -Dwerror=true || exit 1
fi
ninja -C "$builddir" || exit 1

status=0
xvfb-run -a -s "-screen 0 1600x1000x24" \
  meson test -C "$builddir" --print-errorlogs --num-processes 2 || status=1
cp "$builddir/meson-logs/testlog.json" "$builddir/testlog-main.json"

# Bad input must not leak or touch invalid memory: run those tests again
# under valgrind (a separate setup, so the main counts stay as they are).
meson test -C "$builddir" --setup valgrind --suite robustness --print-errorlogs || status=1
cp "$builddir/meson-logs/testlog-valgrind.json" "$builddir/testlog-valgrind-run.json" 2>/dev/null || true

python3 - "$builddir/testlog-main.json" "$builddir/testlog-valgrind-run.json" <<'PY'
import json, os, sys
passed = failed = skipped = 0
for path in sys.argv[1:]:
    if not os.path.exists(path):
        continue
    for line in open(path):
        line = line.strip()
        if not line:
            continue
        result = json.loads(line)["result"]
        if result in ("OK", "EXPECTEDFAIL"):
            passed += 1
        elif result == "SKIP":
            skipped += 1
        else:
            failed += 1
print(f"{passed} passed, {failed} failed, {skipped} skipped")
PY
exit $status
