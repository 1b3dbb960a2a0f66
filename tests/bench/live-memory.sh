#!/usr/bin/env bash
# How a followed log's memory grows with what it received, against loading
# the same bytes from a file: generated logs of several sizes, each loaded
# (es-bench-live --load-only) and followed at a program's pace
# (es-bench-live --rate), the median peak PSS of each, and the straight
# line through them (MB of memory per MB of log, and what is left at none).
#
#   tests/bench/live-memory.sh [--build DIR] [--runs N] [--rate MB/s] [--caps N]
#                              [--gen-arg ARG]... SIZE_MB...
#
# e.g. tests/bench/live-memory.sh --caps 64 25 50 100 200 300
# A follow at 20 MB/s takes SIZE_MB / 20 seconds a run. Needs Xvfb
# (xvfb-run), as es-bench-live paints what it follows.
set -euo pipefail

build=_build
runs=3
rate=20
caps=8
gen_args=()
sizes=()
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --rate) rate=$2; shift 2 ;;
    --caps) caps=$2; shift 2 ;;
    --gen-arg) gen_args+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) sizes+=("$1"); shift ;;
  esac
done
if [ ${#sizes[@]} -lt 2 ]; then
  echo "live-memory.sh: give at least two sizes in MB (--help)" >&2
  exit 2
fi

gen="$build/tests/bench/es-gen-eventlog"
bench="$build/tests/bench/es-bench-live"
for program in "$gen" "$bench"; do
  if [ ! -x "$program" ]; then
    echo "live-memory.sh: $program is not built (ninja -C $build)" >&2
    exit 1
  fi
done
dir=$(mktemp -d /tmp/es-live-memory.XXXXXX)
trap 'rm -rf "$dir"' EXIT

# The peak PSS es-bench-live printed, in MB.
peak_pss() {
  GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1600x1000x24" "$bench" "$@" 2>/dev/null |
    sed -n 's/.*peak PSS \([0-9.]*\) MB.*/\1/p' | head -n 1
}

median() {
  printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "caps $caps, ${gen_args[*]:-default program}; followed at $rate MB/s; median of $runs runs; MB are 2^20 bytes of memory, 10^6 of log"
printf '%10s %12s %12s %10s %12s %12s\n' "log MB" "loading MB" "following MB" "more MB" "loading x" "following x"
points=()
for size in "${sizes[@]}"; do
  log="$dir/$size.eventlog"
  "$gen" --caps "$caps" "${gen_args[@]}" --size-mb "$size" "$log" > /dev/null
  log_mb=$(awk -v bytes="$(stat -c %s "$log")" 'BEGIN { printf "%.1f", bytes / 1e6 }')
  loaded=(); followed=()
  for _ in $(seq "$runs"); do
    loaded+=("$(peak_pss --load-only "$log")")
    followed+=("$(peak_pss --rate "$rate" "$log")")
  done
  load=$(median "${loaded[@]}")
  follow=$(median "${followed[@]}")
  awk -v s="$log_mb" -v l="$load" -v f="$follow" \
    'BEGIN { printf "%10.1f %12.1f %12.1f %+10.1f %12.2f %12.2f\n", s, l, f, f - l, l / s, f / s }'
  points+=("$log_mb $load $follow")
  rm -f "$log"
done

printf '%s\n' "${points[@]}" | awk '
  { x[NR] = $1; l[NR] = $2; f[NR] = $3; mx += $1; ml += $2; mf += $3 }
  END {
    n = NR; mx /= n; ml /= n; mf /= n
    for (i = 1; i <= n; i++) { sxx += (x[i] - mx) ^ 2; sxl += (x[i] - mx) * (l[i] - ml); sxf += (x[i] - mx) * (f[i] - mf) }
    printf "growth, MB of memory per MB of log: loading %.3f, following %.3f (%+.1f%%)\n", sxl / sxx, sxf / sxx, 100 * (sxf - sxl) / sxl
    printf "at no log (the straight line'\''s start): loading %.1f MB, following %.1f MB\n", ml - sxl / sxx * mx, mf - sxf / sxx * mx
  }'
