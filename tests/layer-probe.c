/* layer-probe.c: an empty program that tests/meson.build links each library
 * into whole, with nothing but the libraries that library may use. A call
 * into a layer above it (through a prototype written by hand, which no
 * include path can stop) leaves a symbol undefined, and the link fails.
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

int
main (void)
{
  return 0;
}
