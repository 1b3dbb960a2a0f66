#!/usr/bin/env bash
# The README's first command: install what is needed, build, and show
# Eventscope's main job on the sample eventlog the project made itself
# (tests/fixtures/parfib-N2.eventlog, a real GHC 9.0.2 run with -N2).
set -euo pipefail
cd "$(dirname "$0")/.."

bash build-aux/install-deps.sh
if [ ! -d _build ]; then
  meson setup _build
fi
ninja -C _build

sample=tests/fixtures/parfib-N2.eventlog
echo
echo "== eventscope-cli dump $sample"
./_build/src/cli/eventscope-cli dump "$sample"
echo "== $(./_build/src/cli/eventscope-cli dump "$sample" | grep -c '^[0-9]') events in $sample"
