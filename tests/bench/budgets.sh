#!/bin/bash
# budgets.sh: every row of the speed budgets (issue #38, DESIGN.md), each
# measured three times in a row, with the load average before each run.
#
#   tests/bench/budgets.sh BUILD_DIR LOG_DIR
#
# LOG_DIR holds, or gets: pingpong.eventlog (tests/fixtures/make-pingpong.sh,
# needs ghc; its rows are skipped without it), t10k.eventlog and
# caps8.eventlog (es-gen-eventlog). The window's benchmarks run under
# xvfb-run with a 1600x1000, 24-bit screen and GSK_RENDERER=cairo, as a
# machine without a GPU draws. Run it on a quiet machine: a figure is a
# wall time, and another build's turns count in it.
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 BUILD_DIR LOG_DIR" >&2
  exit 2
fi
build=$(cd "$1" && pwd) logs=$2
bench=$build/tests/bench
here=$(cd "$(dirname "$0")" && pwd)
export GSK_RENDERER=cairo
xvfb() { xvfb-run -a -s "-screen 0 1600x1000x24" "$@"; }

mkdir -p "$logs"
[ -e "$logs/t10k.eventlog" ] || "$bench/es-gen-eventlog" --caps 8 --threads 10000 --size-mb 100 "$logs/t10k.eventlog" >/dev/null
[ -e "$logs/caps8.eventlog" ] || "$bench/es-gen-eventlog" --caps 8 --size-mb 100 "$logs/caps8.eventlog" >/dev/null
if [ ! -e "$logs/pingpong.eventlog" ] && command -v ghc >/dev/null; then
  "$here/../fixtures/make-pingpong.sh" "$logs/pingpong.eventlog" >/dev/null
fi

# row TITLE GREP COMMAND...: the command three times, the lines it prints
# that match GREP.
row() {
  local title=$1 pattern=$2
  shift 2
  echo "== $title"
  for run in 1 2 3; do
    echo "  run $run (load $(cut -d' ' -f1 /proc/loadavg)):"
    "$@" 2>&1 | grep -E "$pattern" | sed 's/^ */    /'
  done
}

if [ -e "$logs/pingpong.eventlog" ]; then
  row "first frame after opening the Threads section, ping-pong (budget 16 ms)" \
      "^worst (level|first)" xvfb "$bench/es-bench-frame" --threads-open -l 0 "$logs/pingpong.eventlog"
fi
row "first frame scrolled to 10,000 threads (budget 16 ms; steady 8 ms mean)" \
    "^worst (level|first)" xvfb "$bench/es-bench-frame" --at-threads "$logs/t10k.eventlog"
row "each new document's first frame while following 8 caps as fast as taken (budget 16 ms)" \
    "^first frame of each new|^  CPU time of the painting thread [0-9]|^frames while" "$bench/es-bench-live" "$logs/caps8.eventlog"
if [ -e "$logs/pingpong.eventlog" ]; then
  row "the window's peak RSS with the Events page shown, ping-pong (budget 1.5 x the log)" \
      "^peak RSS|events listed after" xvfb "$bench/es-bench-open" --events "$logs/pingpong.eventlog"
  row "every page of the window shown in turn, ping-pong: each page's worst frame (budget 16 ms) and the peak RSS (budget 1.5 x the log)" \
      "^worst frame of a page|^peak RSS" xvfb "$bench/es-bench-open" --pages "$logs/pingpong.eventlog"
  row "the Threads section opened in the window, ping-pong: its frames (budget 16 ms) and the peak RSS (DESIGN's 1.5 x the log)" \
      "Threads section opened|^peak RSS" xvfb "$bench/es-bench-open" --threads "$logs/pingpong.eventlog"
  row "summary, wall time and peak RSS against the reader, ping-pong (budget 1.2 x; 0.25 x the log)" \
      "median ratio|peak RSS" "$bench/es-bench-summary" "$logs/pingpong.eventlog"
fi
row "interval statistics, generated 8-cap log of 23,000 GCs and 4,700 tasks (DESIGN's budget 1 ms)" \
    "^interval statistics|^summary figures" "$bench/es-bench-document" "$logs/caps8.eventlog"
row "profile of any interval, 50,000 distinct stacks up to 200 deep (budget 10 ms; drawings 8 ms mean, 16 worst)" \
    "^prepared|^first|^Profile row|^short|^medium|^long|^whole|^flame" "$bench/es-bench-profile" --stacks 50000 --depth 200
row "the flame graph as the window draws it, recorded and replayed, its labels' shaping spread over frames (budget 8 ms mean, 16 worst)" \
    "^flame|drawings below" "$bench/es-bench-profile" --stacks 50000 --depth 200 --window
