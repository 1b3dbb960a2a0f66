#!/bin/bash
# open-probe.sh: how long a viewer takes to open a log, measured from the
# outside, the same way for any program: Eventscope against ThreadScope.
#
#   xvfb-run -a -s "-screen 0 1600x1000x24" tests/bench/open-probe.sh PROGRAM LOG [RUNS]
#
# Starts PROGRAM LOG (e.g. `threadscope`, or `_build/src/app/eventscope`)
# and samples its CPU time every 50 ms; the log is open when the program
# has been quiet (under 5% of a core) for a whole second: the time printed
# is the start of that second. Also prints the CPU time used until then and
# the peak RSS (VmHWM). ThreadScope reads the whole log before it draws,
# and Eventscope's workers may go on after the first frame: both are
# counted until they rest. A program still busy after 10 minutes is
# stopped and reported as such. Settings and recent files go to a home of
# the probe's own, removed at the end.
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 PROGRAM LOG [RUNS]" >&2
  exit 2
fi
program=$1 log=$2 runs=${3:-1}
hz=$(getconf CLK_TCK)
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT INT TERM

probe() {
  local pid start now cpu busy_end="" i=0
  local -a times cpus st

  HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_CACHE_HOME=$home/cache \
    GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 "$program" "$log" >/dev/null 2>&1 &
  pid=$!
  start=$(date +%s%N)
  while kill -0 "$pid" 2>/dev/null; do
    read -r -a st < "/proc/$pid/stat" || break
    cpu=$(( st[13] + st[14] ))
    now=$(date +%s%N)
    times[i]=$now cpus[i]=$cpu
    # The sample a second back: quiet since then?
    local j=$i
    while (( j > 0 && now - times[j] < 1000000000 )); do j=$((j - 1)); done
    if (( now - times[j] >= 1000000000 && (cpu - cpus[j]) * 100 < 5 * hz )); then
      busy_end=${times[j]}
      break
    fi
    if (( now - start > 600000000000 )); then
      break
    fi
    i=$((i + 1))
    sleep 0.05
  done
  local hwm
  hwm=$(awk '/VmHWM/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 0)
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if [ -z "$busy_end" ]; then
    echo "$(basename "$program"): still busy or gone after $(( (now - start) / 1000000 )) ms"
    return 1
  fi
  printf '%s: open in %d ms, CPU %.2f s, peak RSS %d MB\n' "$(basename "$program")" \
    $(( (busy_end - start) / 1000000 )) "$(echo "$cpu / $hz" | bc -l)" $(( hwm / 1024 ))
}

echo "$log: $(( $(stat -c %s "$log") / 1000000 )) MB"
for _ in $(seq "$runs"); do
  probe
done
