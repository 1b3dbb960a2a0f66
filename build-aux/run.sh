#!/usr/bin/env bash
# The README's first command: install what is needed, build, and show
# Eventscope's main job on the sample eventlog the project made itself
# (tests/fixtures/parfib-N2.eventlog, a real GHC 9.0.2 run with -N2): its
# +RTS -s statistics in the terminal, then the viewer when there is a display.
set -euo pipefail
cd "$(dirname "$0")/.."

bash build-aux/install-deps.sh
if [ ! -d _build ]; then
  meson setup _build
fi
ninja -C _build

sample=tests/fixtures/parfib-N2.eventlog
echo
echo "== eventscope-cli summary $sample"
./_build/src/cli/eventscope-cli summary "$sample"

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  echo "== eventscope $sample"
  exec ./_build/src/app/eventscope "$sample"
else
  echo "== no display here: on a desktop, this opens the viewer: ./_build/src/app/eventscope $sample"
fi
