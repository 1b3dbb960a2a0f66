#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the JSON of `eventscope-cli summary --json` and `compare --json`
by parsing it with Python's own json module (TAP output for meson test).

    check-cli-json.py EVENTSCOPE_CLI FIXTURES_DIR

- a log compared with itself: both runs alike, every delta 0, every ratio 1
  (null where both are 0: equal, with no ratio);
- the -A1m and -A64m fixtures: each exact figure of each run is what its own
  +RTS -s file says, and each delta is B - A of those;
- the pause distributions: buckets on the documented edges, adding up to
  the count, and the count, total and max the generation's figures;
- --align-marker: each run's interval starts at its own marker;
- file names that need escaping come back unchanged."""

import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

CLI = sys.argv[1]
FIXTURES = sys.argv[2]
results = []


def check(name):
    def wrap(f):
        try:
            f()
            results.append((name, None))
        except Exception as e:  # noqa: BLE001 - every failure is a not ok
            results.append((name, f"{type(e).__name__}: {e}"))
        return f
    return wrap


def fixture(name):
    return os.path.join(FIXTURES, name)


def cli_json(*args):
    run = subprocess.run([CLI, *args], capture_output=True, text=True)
    assert run.returncode == 0, f"exit {run.returncode}: {run.stderr}"
    assert run.stderr == "", run.stderr
    return json.loads(run.stdout)


def rts_s(name):
    """The exact figures of a +RTS -s file, by JSON key."""
    text = open(fixture(name)).read()
    figures = {}
    for key, words in [("allocated_bytes", "bytes allocated in the heap"),
                       ("copied_bytes", "bytes copied during GC"),
                       ("max_residency_bytes", "bytes maximum residency"),
                       ("max_slop_bytes", "bytes maximum slop"),
                       ("total_memory_mib", "MiB total memory in use")]:
        m = re.search(r"^\s*([\d,]+) " + re.escape(words), text, re.M)
        figures[key] = int(m.group(1).replace(",", ""))
    figures["residency_samples"] = int(re.search(r"\((\d+) sample\(s\)\)", text).group(1))
    for g, colls, par in re.findall(r"Gen\s+(\d+)\s+(\d+) colls,\s+(\d+) par", text):
        figures[f"gen{g}_collections"] = int(colls)
        figures[f"gen{g}_par_collections"] = int(par)
    sparks = re.search(r"SPARKS: (\d+) \((\d+) converted, (\d+) overflowed, (\d+) dud, "
                       r"(\d+) GC'd, (\d+) fizzled\)", text)
    for i, key in enumerate(["created", "converted", "overflowed", "dud", "gcd", "fizzled"]):
        figures[f"sparks_{key}"] = int(sparks.group(i + 1))
    return figures


def check_shape(doc, kind, n_runs):
    assert doc["eventscope"] == kind and doc["version"] == 2
    edges = doc["pause_bucket_edges_ns"]
    assert edges == [round(1000 * 10 ** (k / 4)) for k in range(33)], edges
    assert len(doc["runs"]) == n_runs
    for run in doc["runs"]:
        assert run["format"] in ("ghc", "mono")
        interval = run["interval"]
        assert interval["from_ns"] <= interval["to_ns"]
        figures = run["figures"]
        assert all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in figures.values())
        for g, dist in enumerate(run["pauses"]):
            assert dist["generation"] == g
            assert len(dist["buckets"]) == 34 and sum(dist["buckets"]) == dist["count"]
            assert dist["p50_ns"] <= dist["p90_ns"] <= dist["p99_ns"] <= dist["p999_ns"] <= dist["max_ns"]
            name = "gen" if run["format"] == "ghc" else ["nursery", "major"][g]
            for p in ("p50", "p90", "p99", "p999"):
                assert figures[f"{name}{g if name == 'gen' else ''}_pause_{p}_ns"] == dist[f"{p}_ns"]
            if run["format"] == "ghc":
                assert dist["count"] == figures[f"gen{g}_collections"]
                assert dist["total_ns"] == figures[f"gen{g}_pause_total_ns"]
                assert dist["max_ns"] == figures[f"gen{g}_pause_max_ns"]
        assert run["pauses_all"]["count"] == sum(d["count"] for d in run["pauses"])
        span = interval["to_ns"] - interval["from_ns"]
        for c, cap in enumerate(run["caps"]):
            assert cap["cap"] == c
            # Mono's suspend at exit is neither GC nor idle.
            busy = cap["running_ns"] + cap["gc_ns"] + cap["gc_waiting_ns"] + cap["exit_suspend_ns"]
            assert cap["exit_suspend_ns"] == 0 or run["format"] == "mono"
            if run["format"] == "mono" and "exit_suspend_ns" in figures:
                assert cap["exit_suspend_ns"] <= figures["exit_suspend_ns"]
            covered = span - cap["no_data_ns"]   # after a cap's last event in a cut log
            assert cap["idle_ns"] == covered - min(covered, busy)
        if run["format"] == "ghc":
            assert sum(cap["sparks_created"] for cap in run["caps"]) == figures["sparks_created"]
            assert run["mono"] is None
        else:
            mono = run["mono"]
            for key in ("samples", "calls", "allocations", "allocated_bytes", "throws", "lock_contentions",
                        "locks_acquired", "lock_failures", "lock_wait_ns", "heap_resizes", "objects_moved"):
                assert isinstance(mono[key], int) and mono[key] >= 0, key
            assert set(mono["clauses"]) == {"catch", "filter", "finally", "fault"}
            assert len(mono["top_methods"]) <= 10 and len(mono["top_classes"]) <= 10
            totals = [m["total_ns"] for m in mono["top_methods"]]
            assert totals == sorted(totals, reverse=True)
            assert sum(c["bytes"] for c in mono["top_classes"]) <= mono["allocated_bytes"]


@check("compare --json of a log with itself: no difference, ratio 1 (none where both are 0)")
def _():
    for name in ["heap-hT-N2.eventlog", "alloc-A1m-N2.eventlog", "parfib-N2.eventlog",
                 "hello.eventlog", "mlpd/gc-zip.mlpd"]:
        for interval in ([], ["--from", "20%", "--to", "70%"]):
            doc = cli_json("compare", "--json", *interval, fixture(name), fixture(name))
            check_shape(doc, "compare", 2)
            a, b = doc["runs"]
            assert a == b
            assert set(doc["delta"]) == set(a["figures"]) == set(doc["ratio"])
            assert all(v == 0 for v in doc["delta"].values()), doc["delta"]
            assert all(v == 1 if a["figures"][k] != 0 else v is None for k, v in doc["ratio"].items()), doc["ratio"]
            assert doc["threshold"] == 0.1 and doc["marks"] == {}, doc["marks"]
            assert a["interval"]["whole_run"] == (interval == [])


@check("compare --json of -A1m and -A64m: each run's figures and deltas are the +RTS -s files'")
def _():
    doc = cli_json("compare", "--json", fixture("alloc-A1m-N2.eventlog"), fixture("alloc-A64m-N2.eventlog"))
    check_shape(doc, "compare", 2)
    rts_a, rts_b = rts_s("alloc-A1m-N2.rts-s.txt"), rts_s("alloc-A64m-N2.rts-s.txt")
    assert len(rts_a) == 16, sorted(rts_a)
    for key in rts_a:
        assert doc["runs"][0]["figures"][key] == rts_a[key], key
        assert doc["runs"][1]["figures"][key] == rts_b[key], key
        assert doc["delta"][key] == rts_b[key] - rts_a[key], key
        if rts_a[key] != 0:
            assert math.isclose(doc["ratio"][key], rts_b[key] / rts_a[key], rel_tol=1e-12), key
    # The CI use docs/command-line.md and the guide show: more GC time in B fails.
    assert doc["ratio"]["gc_ns"] < 1.1
    # Fewer, longer pauses: marked, and only with keys the runs have.
    assert doc["marks"]["gen0_collections"] == "better", doc["marks"]
    assert doc["marks"]["gen0_pause_p50_ns"] == "worse", doc["marks"]
    assert "residency_samples" not in doc["marks"] and set(doc["marks"]) <= set(doc["delta"])
    assert set(doc["marks"].values()) == {"better", "worse"}


@check("compare --json of two runs alike: no marks; --threshold 0 marks the counts that differ")
def _():
    a, b = fixture("alloc-A1m-N1-rerun1.eventlog"), fixture("alloc-A1m-N1-rerun2.eventlog")
    assert cli_json("compare", "--json", a, b)["marks"] == {}
    doc = cli_json("compare", "--json", "--threshold", "0", a, b)
    assert doc["threshold"] == 0 and doc["marks"]["gen0_collections"] == "worse", doc["marks"]
    assert "gen0_pause_max_ns" not in doc["marks"]


@check("summary --json: the figures are the +RTS -s file's")
def _():
    doc = cli_json("summary", "--json", fixture("heap-hT-N2.eventlog"))
    check_shape(doc, "summary", 1)
    rts = rts_s("heap-hT-N2.rts-s.txt")
    for key, value in rts.items():
        assert doc["runs"][0]["figures"][key] == value, key
    assert doc["runs"][0]["program"] == "./heap"
    assert doc["runs"][0]["args"][:3] == ["+RTS", "-N2", "-l"]
    mono = cli_json("summary", "--json", fixture("mlpd/gc-zip.mlpd"))
    check_shape(mono, "summary", 1)
    assert mono["runs"][0]["format"] == "mono"


@check("summary --json of Mono logs: the counts are mprof-report's; an interval's add up")
def _():
    def report_number(text, label):
        for line in text.splitlines():
            if line.strip().startswith(label):
                return int(line.strip()[len(label):].split()[0])
        return 0
    for name, keys in [("mlpd/calls-compute", {"calls": "Total calls:"}),
                       ("mlpd/monitor-locks", {"lock_contentions": "Lock contentions:", "throws": "Throws:",
                                               "locks_acquired": "Lock acquired:"}),
                       ("mlpd/alloc-full", {"allocated_bytes": "Total memory allocated:"})]:
        with open(fixture(name + ".report.txt")) as f:
            report = f.read()
        doc = cli_json("summary", "--json", fixture(name + ".mlpd"))
        check_shape(doc, "summary", 1)
        mono = doc["runs"][0]["mono"]
        for key, label in keys.items():
            assert mono[key] == report_number(report, label), (name, key, mono[key])
        halves = [cli_json("summary", "--json", "--to", "50%", fixture(name + ".mlpd")),
                  cli_json("summary", "--json", "--from", "50%", fixture(name + ".mlpd"))]
        for key in keys:
            assert sum(h["runs"][0]["mono"][key] for h in halves) == mono[key], (name, key)
        # A lock's wait counts where it ends, whenever it began: pieces cut
        # anywhere, through waits, add up to the whole run's wait.
        cuts = [f"{i * 2.5:g}%" for i in range(41)]
        pieces = [cli_json("summary", "--json", "--from", a, "--to", b, fixture(name + ".mlpd"))["runs"][0]["mono"]
                  for a, b in zip(cuts, cuts[1:])]
        for key in ("lock_wait_ns", "lock_contentions", "locks_acquired", "lock_failures"):
            assert sum(p[key] for p in pieces) == mono[key], (name, key, [p[key] for p in pieces], mono[key])


@check("compare --json --align-marker: each interval counts from its own run's marker")
def _():
    doc = cli_json("compare", "--json", "--align-marker", "phase 2", "--from", "10ms", "--to", "60ms",
                   fixture("alloc-A1m-N2.eventlog"), fixture("alloc-A64m-N2.eventlog"))
    check_shape(doc, "compare", 2)
    markers = []
    for run in doc["runs"]:
        interval = run["interval"]
        assert interval["align_marker"] == "phase 2"
        assert interval["from_ns"] == interval["marker_ns"] + 10_000_000
        assert interval["to_ns"] == interval["marker_ns"] + 60_000_000
        markers.append(interval["marker_ns"])
    assert markers[0] != markers[1]


@check("file names that need escaping come back unchanged")
def _():
    with tempfile.TemporaryDirectory() as tmp:
        name = os.path.join(tmp, 'a "quoted"\\back\tslash\x01.eventlog')
        shutil.copy(fixture("hello.eventlog"), name)
        doc = cli_json("compare", "--json", name, name)
        assert doc["runs"][0]["file"] == name


print(f"1..{len(results)}")
for i, (name, problem) in enumerate(results, 1):
    if problem is None:
        print(f"ok {i} - {name}")
    else:
        print(f"not ok {i} - {name}")
        print(f"#   {problem}")
