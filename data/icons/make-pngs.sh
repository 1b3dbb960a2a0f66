#!/bin/bash
# make-pngs.sh: the app's icons as the window loads them at start, in PNG,
# from their SVGs (data/icons/hicolor): the empty window's 128-pixel
# symbolic app icon (.symbolic.png, which GTK recolours as it does an SVG)
# and the 48-pixel icon X11 window managers are given. Without them GTK
# loads librsvg to draw the SVGs: 6 MB of library and 1-2 MB of heap in
# every window at scale 1, for two small pictures (at scale 2, Adwaita's
# own icons are SVGs). The SVGs stay the icons' source, installed and
# bundled, for every other size.
#
#   data/icons/make-pngs.sh      (needs gtk4-encode-symbolic-svg from
#                                 libgtk-4-bin and rsvg-convert from
#                                 librsvg2-bin)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$here/rendered
mkdir -p "$out/48x48/apps"
# Under a name of its own: GTK takes a symbolic SVG of the same name over
# these PNGs, from the bundle or the installed theme. At 128 pixels, and
# 256 for a screen at scale 2.
for dir in 128x128:128x128 128x128@2:256x256; do
  mkdir -p "$out/${dir%%:*}/status"
  gtk4-encode-symbolic-svg -o "$out/${dir%%:*}/status" \
    "$here/hicolor/symbolic/apps/io.github.eventscope.Eventscope-symbolic.svg" "${dir#*:}"
  mv "$out/${dir%%:*}/status/io.github.eventscope.Eventscope-symbolic.symbolic.png" \
    "$out/${dir%%:*}/status/es-empty-window-symbolic.symbolic.png"
done
for id in io.github.eventscope.Eventscope io.github.eventscope.Eventscope.Devel; do
  rsvg-convert -w 48 -h 48 -o "$out/48x48/apps/$id.png" "$here/hicolor/scalable/apps/$id.svg"
done
