/* es-mono-report-stats.c: mprof-report's "stats" report, of the log itself
 *
 * Copyright 2026 The Eventscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "es-mono-report-private.h"

/* The kinds of event the report lists, in its order, by first byte; the
 * others (names of threads and domains, root registrations, ...) are
 * counted by nobody. */
static const struct
{
  const char *type;
  const char *kind;
  guint8      first_byte;
} listed_kinds[] = {
  { "TYPE_ALLOC", "TYPE_ALLOC_NO_BT", 0x00 },
  { "TYPE_ALLOC", "TYPE_ALLOC_BT", 0x10 },
  { "TYPE_GC", "TYPE_GC_EVENT", 0x11 },
  { "TYPE_GC", "TYPE_GC_RESIZE", 0x21 },
  { "TYPE_GC", "TYPE_GC_MOVE", 0x31 },
  { "TYPE_GC", "TYPE_GC_HANDLE_CREATED", 0x41 },
  { "TYPE_GC", "TYPE_GC_HANDLE_DESTROYED", 0x51 },
  { "TYPE_GC", "TYPE_GC_HANDLE_CREATED_BT", 0x61 },
  { "TYPE_GC", "TYPE_GC_HANDLE_DESTROYED_BT", 0x71 },
  { "TYPE_GC", "TYPE_GC_FINALIZE_START", 0x81 },
  { "TYPE_GC", "TYPE_GC_FINALIZE_END", 0x91 },
  { "TYPE_GC", "TYPE_GC_FINALIZE_OBJECT_START", 0xa1 },
  { "TYPE_GC", "TYPE_GC_FINALIZE_OBJECT_END", 0xb1 },
  { "TYPE_METADATA", "TYPE_END_LOAD", 0x22 },
  { "TYPE_METADATA", "TYPE_END_UNLOAD", 0x42 },
  { "TYPE_METHOD", "TYPE_LEAVE", 0x13 },
  { "TYPE_METHOD", "TYPE_ENTER", 0x23 },
  { "TYPE_METHOD", "TYPE_EXC_LEAVE", 0x33 },
  { "TYPE_METHOD", "TYPE_JIT", 0x43 },
  { "TYPE_EXCEPTION", "TYPE_THROW_NO_BT", 0x04 },
  { "TYPE_EXCEPTION", "TYPE_THROW_BT", 0x84 },
  { "TYPE_EXCEPTION", "TYPE_CLAUSE", 0x14 },
  { "TYPE_MONITOR", "TYPE_MONITOR_NO_BT", 0x05 },
  { "TYPE_MONITOR", "TYPE_MONITOR_BT", 0x85 },
  { "TYPE_HEAP", "TYPE_HEAP_START", 0x06 },
  { "TYPE_HEAP", "TYPE_HEAP_END", 0x16 },
  { "TYPE_HEAP", "TYPE_HEAP_OBJECT", 0x26 },
  { "TYPE_HEAP", "TYPE_HEAP_ROOT", 0x36 },
  { "TYPE_SAMPLE", "TYPE_SAMPLE_HIT", 0x07 },
  { "TYPE_SAMPLE", "TYPE_SAMPLE_USYM", 0x17 },
  { "TYPE_SAMPLE", "TYPE_SAMPLE_UBIN", 0x27 },
  { "TYPE_SAMPLE", "TYPE_SAMPLE_COUNTERS_DESC", 0x37 },
  { "TYPE_SAMPLE", "TYPE_SAMPLE_COUNTERS", 0x47 },
  { "TYPE_RUNTIME", "TYPE_JITHELPER", 0x18 },
  { "TYPE_COVERAGE", "TYPE_COVERAGE_ASSEMBLY", 0x09 },
  { "TYPE_COVERAGE", "TYPE_COVERAGE_METHOD", 0x19 },
  { "TYPE_COVERAGE", "TYPE_COVERAGE_STATEMENT", 0x29 },
  { "TYPE_COVERAGE", "TYPE_COVERAGE_CLASS", 0x39 },
  { "TYPE_META", "TYPE_SYNC_POINT", 0x0a },
  { "TYPE_META", "TYPE_AOT_ID", 0x1a },
};

/* Always the whole log's: it is about the file, not the run. */
void
_es_mono_report_stats (EsMonoReport *report)
{
  EsMonoProfile *profile = report->profile;
  GString *out = report->out;

  g_string_append (out, "\nMlpd statistics\n");
  g_string_append_printf (out, "\tBuffer count %u\toverhead %u (48 bytes per header)\n",
                          profile->n_buffers, profile->n_buffers * 48);
  g_string_append (out, "\nEvent details:\n");
  for (gsize i = 0; i < G_N_ELEMENTS (listed_kinds); i++)
    {
      const EsMonoEventStat *stat = &profile->event_stats[listed_kinds[i].first_byte];

      if (stat->count == 0)
        continue;
      g_string_append_printf (out, "\t%16s\t%26s\tcount %6u\tmin %3u\tmax %6u\tbytes %d\n",
                              listed_kinds[i].type, listed_kinds[i].kind, stat->count, stat->min_size,
                              stat->max_size, (int) stat->bytes);
    }
}
