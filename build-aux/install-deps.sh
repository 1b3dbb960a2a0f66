#!/usr/bin/env bash
# Installs what building, running and testing Eventscope needs on Debian
# bookworm (or a newer Debian/Ubuntu). Installs only what is missing, so a
# second run costs a second. Needs root, or sudo.
set -euo pipefail

packages=(
  # build
  gcc meson ninja-build pkg-config gettext
  libglib2.0-dev libgtk-4-dev libjson-glib-dev
  # data validation tests
  desktop-file-utils appstream
  # the user guide: translated with itstool, validated by yelp-check
  # (yelp-tools). Yelp itself, and xdotool and imagemagick for
  # help/make-figures.sh, are not needed by the tests (help/README.md).
  itstool yelp-tools
  # GUI tests and screenshots without a display; leak checks
  xvfb xauth valgrind
  # the live test follows a real GHC program (tests/fixtures/programs/live.hs)
  # as it writes its eventlog into a FIFO; without GHC that case skips
  ghc
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi

echo "Installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
