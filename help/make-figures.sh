#!/bin/sh
# help/make-figures.sh: makes the guide's pictures (help/C/figures/*.png)
# from the project's own logs in tests/fixtures, with the programs of a
# build in _build (or the build directory given as $1).
#
# The timeline pictures are drawn by `eventscope-cli export`, the painter
# the window uses, so they need no display. The pictures of the window are
# taken of the real window under Xvfb, driven by xdotool and taken by
# ImageMagick's import; they need xvfb-run, xdotool and imagemagick
# (Debian: apt-get install xvfb xdotool imagemagick). Run it again when what the
# pictures show changes, and look at every picture before committing it.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
build=${1:-$top/_build}
out=$here/C/figures
fixtures=$top/tests/fixtures
cli=$build/src/cli/eventscope-cli
app=$build/src/app/eventscope

mkdir -p "$out"
cd "$top"

# The timeline as the window paints it, 800 pixels wide: the guide is read
# beside the app, not full screen.
"$cli" export --width 800 "$fixtures/parfib-N2.eventlog" "$out/timeline.png"
# One nursery collection of a run with a small allocation area (-A1m):
# HEC 1 waits (light orange) while HEC 0 collects (orange).
"$cli" export --width 800 --from 80.9ms --to 81.7ms "$fixtures/alloc-A1m-N2.eventlog" "$out/gc-pause.png"
"$cli" export --width 800 "$fixtures/heap-hT-N2.eventlog" "$out/heap-profile.png"
"$cli" export --view profile --width 800 "$fixtures/profiled-hc.eventlog" "$out/flame-graph.png"
"$cli" export --view profile --width 800 "$fixtures/mlpd/sample-compute.mlpd" "$out/mono-profile.png"

if ! command -v xvfb-run >/dev/null || ! command -v xdotool >/dev/null || ! command -v import >/dev/null; then
  echo "make-figures: xvfb-run, xdotool or import missing: the window's pictures are not remade" >&2
  exit 0
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT INT TERM

# Drives the window on the X display xvfb-run gives: a fixed window size,
# so the coordinates below hit the same rows every time.
cat > "$scratch/drive.sh" <<'DRIVE'
#!/bin/sh
set -eu
app=$1 log=$2 gc_log=$3 scratch=$4
show() {
  "$app" "$1" &
  pid=$!
  sleep 6
  xdotool search --sync --onlyvisible --class eventscope windowsize %@ 1200 800 windowmove %@ 0 0
  sleep 2
}
show "$log"
import -window root "$scratch/window.png"
# Open the threads' rows (their header, at the bottom of the rows).
xdotool mousemove 369 341 click 1
sleep 2
import -window root "$scratch/threads.png"
kill "$pid"
wait "$pid" || true
# A run that collects often: drag across the Activity row from about a
# quarter to about two thirds of the run, for a selection and its figures.
show "$gc_log"
xdotool mousemove 600 107 mousedown 1
for x in 650 700 750 800 850 900; do xdotool mousemove "$x" 107; sleep 0.1; done
xdotool mouseup 1
sleep 2
import -window root "$scratch/selection.png"
kill "$pid"
DRIVE
chmod +x "$scratch/drive.sh"

# No settings of the user's (window size, ticked rows), no recent files;
# the log in a home of its own, so the header says "~/logs", not where
# this checkout is.
mkdir -p "$scratch/home/logs"
cp "$fixtures/parfib-N2.eventlog" "$fixtures/alloc-A1m-N2.eventlog" "$scratch/home/logs/"
HOME=$scratch/home XDG_DATA_HOME=$scratch/data XDG_CONFIG_HOME=$scratch/config GSETTINGS_BACKEND=memory \
  GSK_RENDERER=cairo NO_AT_BRIDGE=1 \
  xvfb-run -a -s "-screen 0 1600x1000x24" "$scratch/drive.sh" "$app" \
  "$scratch/home/logs/parfib-N2.eventlog" "$scratch/home/logs/alloc-A1m-N2.eventlog" "$scratch"

# The whole window, scaled to the guide's width.
convert "$scratch/window.png" -crop 1200x800+0+0 +repage -resize 800x "$out/window.png"
# The selection on the timeline and the top of its statistics.
convert "$scratch/selection.png" -crop 880x700+320+50 +repage -resize 800x "$out/statistics.png"
# The threads' rows under the capabilities'.
convert "$scratch/threads.png" -crop 880x740+320+50 +repage -resize 800x "$out/threads.png"

# Smaller files: the pictures are flat colours.
if command -v optipng >/dev/null; then
  optipng -quiet -o2 "$out"/*.png
fi
