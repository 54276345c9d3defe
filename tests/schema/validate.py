#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Validate rtlens JSON documents against their schema.

usage: validate.py [--schema-only] SCHEMA FILE...
       validate.py --batch OUTDIR < LIST

Each FILE ('-' is standard input) is parsed strictly (UTF-8, no duplicate
keys, no NaN or Infinity), validated against SCHEMA, and then checked for the
cross-field rules a JSON Schema cannot express; --schema-only skips those.
SCHEMA is the report schema (Documentation/rtlens-report-v2.schema.json; v1 for
the 1.x reports of earlier rtlens versions) for
the reports of the measuring commands, or the check schema
(Documentation/rtlens-check-v2.schema.json, v1 for 1.x) for the document of `rtlens
check`; the rules run are those of the document's command (see "Consistency
rules" in Documentation/json-report.md and json-check.md).

A relative "$ref" of SCHEMA ("rtlens-check-v2.schema.json#/$defs/tuning")
names a schema file next to it: it is read from there, strictly too.

Prints "FILE: ok" for each good file. For a bad one, prints one line per
problem on standard error, "FILE: $.json.path: what is wrong", and the exit
status is 1. Usage errors and an unusable schema exit with 2.

--batch OUTDIR reads lines "SCHEMA<tab>FILE" and writes the Nth one's
output, errors and exit status to OUTDIR/N.out, N.err and N.rc: one
process for many files (tests/schema/run.sh), each schema loaded once.

Needs the jsonschema module (Debian: python3-jsonschema; 4.10 or later).
"""

import json
import math
import os
import pathlib
import re
import sys
from urllib.parse import urldefrag, urljoin, urlparse
from urllib.request import url2pathname

try:
    import jsonschema
    from jsonschema import validators
except ImportError:
    sys.stderr.write("validate.py: the Python module 'jsonschema' is missing "
                     "(Debian: apt-get install python3-jsonschema)\n")
    sys.exit(2)


class ParseError(Exception):
    pass


def _reject_constant(name):
    raise ParseError("%s is not valid JSON" % name)


def _no_duplicates(pairs):
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise ParseError("duplicate key %s" % json.dumps(key))
        obj[key] = value
    return obj


def load_json(name, data):
    """Parse bytes as one strict JSON document."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ParseError("not UTF-8: %s" % e)
    if not text.strip():
        raise ParseError("empty file")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates,
                          parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise ParseError("not JSON: %s" % e)


_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def json_path(parts):
    path = "$"
    for p in parts:
        if isinstance(p, int):
            path += "[%d]" % p
        elif _IDENT.match(p):
            path += "." + p
        else:
            path += "[%s]" % json.dumps(p)
    return path


def _short(value, limit=80):
    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def describe(error):
    """One line for a schema error: path, what is wrong, and the rule."""
    if error.context:
        error = jsonschema.exceptions.best_match(error.context)
    schema = error.schema
    if schema is False or error.validator == "not":
        msg = "%s is not allowed here" % (
            "this field" if error.path else "this value")
    elif error.validator in ("type", "enum", "const"):
        # jsonschema words these with Python reprs (None, True): use JSON.
        want = error.validator_value
        if error.validator == "type":
            want = "of type " + " or ".join(
                want if isinstance(want, list) else [want])
        elif error.validator == "enum":
            want = "one of " + json.dumps(want)
        else:
            want = json.dumps(want)
        msg = "%s is not %s" % (_short(error.instance), want)
    else:
        msg = error.message
        if len(msg) > 200:
            msg = msg[:197] + "..."
    if isinstance(schema, dict) and "description" in schema and \
            error.validator not in ("required", "additionalProperties"):
        msg += " (%s)" % schema["description"]
    return json_path(error.absolute_path), msg


# ---------------------------------------------------------------------------
# Schemas: SCHEMA and the files next to it that its "$ref"s name.

def _refs(node):
    """Every "$ref" value in a schema."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str):
            yield ref
        for value in node.values():
            for r in _refs(value):
                yield r
    elif isinstance(node, list):
        for value in node:
            for r in _refs(value):
                yield r


def load_schemas(name):
    """(base URI, schema, {URI: schema}): SCHEMA and every schema file its
    references reach, each under its absolute file:// URI. Raises OSError,
    ParseError."""
    base = pathlib.Path(os.path.abspath(name)).as_uri()
    store = {}
    todo = [(base, name)]
    while todo:
        uri, path = todo.pop()
        if uri in store:
            continue
        with open(path, "rb") as f:
            try:
                store[uri] = load_json(path, f.read())
            except ParseError as e:
                raise ParseError("%s: %s" % (path, e))
        for ref in _refs(store[uri]):
            target = urldefrag(urljoin(uri, ref))[0]
            if target.startswith("file://") and target not in store:
                todo.append((target, url2pathname(urlparse(target).path)))
    return base, store[base], store


def make_validator(cls, base, schema, store, format_checker):
    """A validator of SCHEMA that finds the files of STORE by URI: with the
    referencing library (jsonschema 4.18 and later) or RefResolver (before)."""
    if "$id" not in schema:
        schema = dict(schema)
        schema["$id"] = base
    try:
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012
    except ImportError:
        resolver = jsonschema.RefResolver(base, schema, store=store)
        return cls(schema, resolver=resolver, format_checker=format_checker)
    registry = Registry().with_resources(
        (uri, Resource.from_contents(doc, default_specification=DRAFT202012))
        for uri, doc in store.items() if uri != base)
    return cls(schema, registry=registry, format_checker=format_checker)


# ---------------------------------------------------------------------------
# Consistency rules: relations between fields that JSON Schema cannot state.
# They run only on documents that passed the schema, so types are known.

def parse_cpu_list(text):
    """'0-3,5' -> sorted list, or raise ValueError."""
    cpus = set()
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        lo = int(lo)
        hi = int(hi) if hi else lo
        if hi < lo:
            raise ValueError("range %s is reversed" % part)
        if hi >= 1 << 20:
            raise ValueError("cpu %d is beyond any real system" % hi)
        cpus.update(range(lo, hi + 1))
    return sorted(cpus)


REPORT_COMMANDS = ("osnoise top", "osnoise hist", "timerlat top", "timerlat hist",
                   "hwnoise")
TIMERLAT_COMMANDS = ("timerlat top", "timerlat hist")
TIMERLAT_CONTEXTS = ("irq", "thread", "user")

# stop.threshold.kind -> the config field of its limit
THRESHOLD_KEYS = {
    False: {"single": "stop_us", "total": "stop_total_us"},
    True: {"single": "irq_stop_us", "total": "thread_stop_us"},
}

# half a nanosecond, in microseconds: analysis times are ns / 1000, printed
# with up to 6 decimals, so sums of them may be off by this much per term
US_EPSILON = 0.0005


def check_histogram(base, hc, size, entries):
    """Yield the problems of one histogram (count, min, avg, max, over,
    buckets), at path base."""
    limit = size * entries
    buckets = hc["buckets"]
    indexes = [b["index"] for b in buckets]
    bad = False
    for j, index in enumerate(indexes):
        if index >= entries:
            yield base + ["buckets", j, "index"], \
                "index %d is not below histogram.entries (%d)" % (
                    index, entries)
            bad = True
        if j and index <= indexes[j - 1]:
            yield base + ["buckets", j, "index"], \
                "index %d is out of order (buckets are in ascending " \
                "index order, each once)" % index
            bad = True
    total = sum(b["count"] for b in buckets) + hc["over"]
    if total != hc["count"]:
        yield base + ["count"], \
            "count %d is not the bucket counts plus over (%d)" % (
                hc["count"], total)
        bad = True
    if hc["count"] == 0 or bad:
        return
    lo, avg, hi = hc["min"], hc["avg"], hc["max"]
    if not lo <= avg <= hi:
        yield base + ["avg"], "avg %s is not between min %d and max %d" % (
            avg, lo, hi)
    if buckets:
        first = buckets[0]["index"] * size
        if not first <= lo < first + size:
            yield base + ["min"], \
                "min %d is not in the first non-empty bucket [%d, %d)" % (
                    lo, first, first + size)
    elif lo < limit:
        yield base + ["min"], \
            "min %d is below %d but every value is counted in over" % (
                lo, limit)
    if hc["over"]:
        if hi < limit:
            yield base + ["max"], \
                "max %d is below entries * bucket_size (%d) but over " \
                "is %d" % (hi, limit, hc["over"])
    else:
        last = buckets[-1]["index"] * size
        if not last <= hi < last + size:
            yield base + ["max"], \
                "max %d is not in the last non-empty bucket [%d, %d)" % (
                    hi, last, last + size)


def check_latency_stats(base, st):
    """A timerlat cpus[] statistics object: min <= avg, cur <= max."""
    if st["count"] == 0:
        return
    lo, avg, hi = st["min"], st["avg"], st["max"]
    if not lo <= avg <= hi:
        yield base + ["avg"], "avg %s is not between min %d and max %d" % (
            avg, lo, hi)
    elif not lo <= st["cur"] <= hi:
        yield base + ["cur"], "cur %d is not between min %d and max %d" % (
            st["cur"], lo, hi)


def check_hist_matches_stats(base, hist_cpus, cpus):
    """timerlat hist: each histogram counts the samples of cpus[]."""
    stats = {c["cpu"]: c for c in cpus}
    for i, hc in enumerate(hist_cpus):
        sc = stats.get(hc["cpu"])
        if sc is None:
            continue
        for ctx in TIMERLAT_CONTEXTS:
            if ctx not in hc or ctx not in sc:
                continue
            for key in ("count", "min", "max"):
                if hc[ctx][key] != sc[ctx][key]:
                    yield base + [i, ctx, key], \
                        "%s %s differs from cpus[] %s.%s %s (both count the " \
                        "same samples)" % (key, _short(hc[ctx][key]), ctx, key,
                                           _short(sc[ctx][key]))
                    break


def _near(a, b, terms=1):
    return abs(a - b) <= US_EPSILON * terms + 1e-9


def check_analysis(aa, doc, measured):
    """The auto-analysis: its CPU and its arithmetic."""
    base = ["analysis"]
    thr = doc["stop"]["threshold"]
    if thr is not None:
        if thr["cpu"] is None:
            yield base + ["cpu"], \
                "the analysis is of cpu %d but stop.threshold.cpu is null " \
                "(the analyzed CPU is the one that hit the threshold)" % aa["cpu"]
        elif thr["cpu"] != aa["cpu"]:
            yield base + ["cpu"], \
                "cpu %d is not stop.threshold.cpu %d (the analyzed CPU is " \
                "the one that hit the threshold)" % (aa["cpu"], thr["cpu"])
    if measured is not None and aa["cpu"] not in measured:
        yield base + ["cpu"], "cpu %d is not a measured CPU" % aa["cpu"]

    # what was analyzed: the return to user (-u, since 1.2), the thread, the IRQ
    if aa.get("analyzed") == "user":
        kind, want = "return-to-user", aa.get("user_latency_us")
    elif aa["thread_ran"]:
        kind, want = "thread", aa["thread_latency_us"]
    else:
        kind, want = "IRQ", aa["irq_latency_us"]
    if want is not None and not _near(aa["total_us"], want):
        yield base + ["total_us"], \
            "total_us %s is not the %s latency %s" % (aa["total_us"], kind, want)

    groups = ("previous_irq", "irq_interference", "softirq_interference",
              "thread_interference", "nmi_interference")
    for g in groups:
        srcs = aa[g]["sources"]
        total = sum(s["total_us"] for s in srcs)
        if not _near(aa[g]["total_us"], total, len(srcs) + 1):
            yield base + [g, "total_us"], \
                "total_us %s is not the sum of its sources (%s)" % (
                    aa[g]["total_us"], round(total, 6))
        for j, s in enumerate(srcs):
            if s["max_us"] > s["total_us"] + US_EPSILON:
                yield base + [g, "sources", j, "max_us"], \
                    "max_us %s is above total_us %s" % (s["max_us"],
                                                         s["total_us"])
            if s["count"] == 1 and not _near(s["max_us"], s["total_us"], 2):
                yield base + [g, "sources", j, "max_us"], \
                    "max_us %s differs from total_us %s but count is 1" % (
                        s["max_us"], s["total_us"])

    parts = sum(aa[g]["total_us"] for g in groups)
    parts += aa["irq_handler_delay_us"] + aa["timerlat_irq_us"]
    if aa["blocking_thread"] is not None:
        parts += aa["blocking_thread"]["us"]
    if not _near(aa["parts_sum_us"], parts, 9):
        yield base + ["parts_sum_us"], \
            "parts_sum_us %s is not the sum of the parts (%s)" % (
                aa["parts_sum_us"], round(parts, 6))
    elif not _near(aa["parts_sum_us"] + aa["remainder_us"], aa["total_us"], 3):
        yield base + ["remainder_us"], \
            "parts_sum_us %s + remainder_us %s is not total_us %s" % (
                aa["parts_sum_us"], aa["remainder_us"], aa["total_us"])


def _table_context(doc, ls, cpu):
    """the table's statistics of the latency --aa explains on @cpu, or None"""
    ctx = "user" if ls["latency"] == "user" else "thread"
    if doc["config"].get("no_thread") and ctx == "thread":
        return None
    rows = [c for c in doc["cpus"] if c["cpu"] == cpu]
    return rows[0].get(ctx) if rows else None


def check_latency_table(base, c, doc, ls):
    """2.3: the sources cover the latencies the table counts: every one of
    them (the same samples, read in order with their events); at floor 0
    their total is the table's, which cuts each latency to whole
    microseconds (-n: nanoseconds)."""
    st = _table_context(doc, ls, c["cpu"])
    if st is None:
        return
    if c["latencies"] != st["count"]:
        yield base + ["latencies"], \
            "latencies %d is not the table's count %d (the sources cover the " \
            "latencies the table counts)" % (c["latencies"], st["count"])
        return
    if ls["floor_us"] or not st["count"] or st["avg"] is None:
        return
    ns = doc["config"]["unit"] == "ns"
    table_us = st["avg"] * st["count"] / (1000.0 if ns else 1.0)
    slack = 0.001 * st["count"] if ns else 0.999 * st["count"]
    if not (table_us - 0.01 - table_us * 1e-9 <= c["total_us"] <=
            table_us + slack + 0.01 + table_us * 1e-9):
        yield base + ["total_us"], \
            "total_us %s is not the table's latencies (%s us, whole %s each)" % (
                c["total_us"], round(table_us, 3), "ns" if ns else "us")


def check_latency_sources(ls, doc, check_cpu_entries):
    """2.3, timerlat --aa: each CPU's sources add up to total_us with
    not_explained_us, and cover the latencies of the table."""
    base = ["latency_sources"]
    for problem in check_cpu_entries(base + ["cpus"], ls["cpus"]):
        yield problem
    for i, c in enumerate(ls["cpus"]):
        b = base + ["cpus", i]
        srcs = c["sources"]
        total = sum(s["total_us"] for s in srcs)
        if c["counted"] > c["latencies"]:
            yield b + ["counted"], "counted %d is above latencies %d" % (
                c["counted"], c["latencies"])
        elif not _near(c["sources_us"], total, len(srcs) + 1):
            yield b + ["sources_us"], \
                "sources_us %s is not the sum of the sources (%s)" % (
                    c["sources_us"], round(total, 6))
        elif not _near(c["sources_us"] + c["not_explained_us"], c["total_us"], 3):
            yield b + ["not_explained_us"], \
                "sources_us %s + not_explained_us %s is not total_us %s" % (
                    c["sources_us"], c["not_explained_us"], c["total_us"])
        for j, s in enumerate(srcs):
            if s["max_us"] > s["total_us"] + US_EPSILON:
                yield b + ["sources", j, "max_us"], \
                    "max_us %s is above total_us %s" % (s["max_us"], s["total_us"])
            elif s["count"] > c["counted"]:
                yield b + ["sources", j, "count"], \
                    "count %d is above the latencies counted (%d)" % (
                        s["count"], c["counted"])
        for problem in check_latency_table(b, c, doc, ls):
            yield problem


def check_kvm_exits(base, x):
    """A kvm_exits object (1.3): by_reason adds up to total, most frequent
    first, "other" (the reasons past the 8th) last."""
    reasons = x["by_reason"]
    total = sum(r["count"] for r in reasons)
    if total != x["total"]:
        yield base + ["total"], \
            "total %d is not the sum of the by_reason counts (%d)" % (
                x["total"], total)
    named = reasons[:-1] if len(reasons) > 8 and \
        reasons[-1]["reason"] == "other" else reasons
    for j in range(1, len(named)):
        if named[j]["count"] > named[j - 1]["count"]:
            yield base + ["by_reason", j, "count"], \
                "count %d is above the one before (%d): the reasons come " \
                "most frequent first" % (named[j]["count"],
                                         named[j - 1]["count"])
            return


def check_osnoise_sample(base, s, measured):
    """One analyzed osnoise sample: its parts add up to its duration."""
    if measured is not None and s["cpu"] not in measured:
        yield base + ["cpu"], "cpu %d is not a measured CPU" % s["cpu"]
    causes = s["causes"]
    parts = sum(c["us"] for c in causes) + s["vm_us"] + s["hardware_us"]
    if not _near(s["parts_sum_us"], parts, len(causes) + 2):
        yield base + ["parts_sum_us"], \
            "parts_sum_us %s is not the sum of the causes, vm_us and " \
            "hardware_us (%s)" % (s["parts_sum_us"], round(parts, 6))
    elif not _near(s["parts_sum_us"], s["duration_us"], 2):
        yield base + ["parts_sum_us"], \
            "parts_sum_us %s is not duration_us %s" % (s["parts_sum_us"],
                                                       s["duration_us"])
    if sum(c["count"] for c in causes) != s["events"]:
        yield base + ["events"], \
            "events %d is not the sum of the causes' counts (%d)" % (
                s["events"], sum(c["count"] for c in causes))
    if "kvm_exits" in s:
        for problem in check_kvm_exits(base + ["kvm_exits"], s["kvm_exits"]):
            yield problem


def check_osnoise_analysis(aa, doc, measured, check_cpu_entries):
    """The osnoise root-cause analysis."""
    base = ["analysis"]
    cfg = doc["config"]
    thr = doc["stop"]["threshold"]
    ts = aa["threshold_sample"]
    if ts is not None:
        for problem in check_osnoise_sample(base + ["threshold_sample"], ts,
                                            measured):
            yield problem
        if thr is not None and thr["cpu"] is not None and ts["cpu"] != thr["cpu"]:
            yield base + ["threshold_sample", "cpu"], \
                "cpu %d is not stop.threshold.cpu %d (the threshold sample is " \
                "of the CPU that hit the threshold)" % (ts["cpu"], thr["cpu"])
        elif cfg["stop_us"] is None:
            yield base + ["threshold_sample"], \
                "a threshold sample needs config.stop_us (-s), which is null"
        elif ts["duration_us"] < cfg["stop_us"]:
            yield base + ["threshold_sample", "duration_us"], \
                "duration_us %s is below config.stop_us %d" % (
                    ts["duration_us"], cfg["stop_us"])
    worst = aa["worst_samples"]
    for i, s in enumerate(worst):
        for problem in check_osnoise_sample(base + ["worst_samples", i], s,
                                            measured):
            yield problem
        if i and s["duration_us"] > worst[i - 1]["duration_us"]:
            yield base + ["worst_samples", i, "duration_us"], \
                "duration_us %s is above the one before (%s): the worst " \
                "samples come longest first" % (s["duration_us"],
                                                worst[i - 1]["duration_us"])
    for problem in check_cpu_entries(base + ["cpus"], aa["cpus"]):
        yield problem
    for i, c in enumerate(aa["cpus"]):
        for problem in check_osnoise_balance(base + ["cpus", i], c, doc):
            yield problem
        for j, s in enumerate(c["sources"]):
            if s["max_us"] is not None and s["max_us"] > s["total_us"] + US_EPSILON:
                yield base + ["cpus", i, "sources", j, "max_us"], \
                    "max_us %s is above total_us %s" % (s["max_us"],
                                                         s["total_us"])
            for problem in check_osnoise_evidence(base + ["cpus", i, "sources", j],
                                                  s, c):
                yield problem
        if "kvm_exits" in c:
            for problem in check_kvm_exits(base + ["cpus", i, "kvm_exits"],
                                           c["kvm_exits"]):
                yield problem
    for problem in check_osnoise_kvm(aa, base):
        yield problem


def check_osnoise_evidence(base, s, c):
    """2.3: what a source rests on. The estimate (vm) is whole milliseconds;
    a source takes part in no more samples than the CPU has, a traced one
    in no more than its events (each such sample holds one of them) and in
    one at least when it has some, hardware in as many as its count;
    samples_pct is samples in percent of the CPU's."""
    if "evidence" not in s:
        return
    if s["kind"] == "vm":
        if abs(s["total_us"] / 1000.0 - round(s["total_us"] / 1000.0)) > 1e-9:
            yield base + ["total_us"], \
                "total_us %s of an estimate is not whole milliseconds" % s["total_us"]
        return
    traced = s["kind"] != "hardware"
    if s["kind"] != "rtlens" and s["samples"] > c["samples"]:
        yield base + ["samples"], \
            "samples %d is above the CPU's samples %d" % (s["samples"], c["samples"])
    elif not traced and s["samples"] != s["count"]:
        yield base + ["samples"], \
            "samples %d is not count %d (hardware counts its samples)" % (
                s["samples"], s["count"])
    elif traced and (s["samples"] > s["count"] or (s["count"] and not s["samples"])):
        yield base + ["samples"], \
            "samples %d does not fit count %d (a traced source is in at least one " \
            "sample and in no more samples than its events)" % (s["samples"], s["count"])
    if s["kind"] == "rtlens" or not c["samples"]:
        if s["samples_pct"] is not None:
            yield base + ["samples_pct"], \
                "samples_pct %s where there is no share (rtlens, or no samples)" % \
                s["samples_pct"]
    elif s["samples_pct"] is None or \
            not _near(s["samples_pct"], 100.0 * s["samples"] / c["samples"]):
        yield base + ["samples_pct"], \
            "samples_pct %s is not samples %d of the CPU's %d" % (
                s["samples_pct"], s["samples"], c["samples"])


def check_osnoise_balance(base, c, doc):
    """1.10: a CPU's sources reconciled with the table: noise_us is the
    CPU's noise in cpus[], sources_us the sum of its sources (rtlens's stops
    aside), and sources_us + not_explained_us = noise_us (+ rounding_us,
    2.2). 2.2: rounding_us within the band the table's periods cut off, and
    not_explained_us not below zero but for unsure_us."""
    if "noise_us" not in c:
        return
    table = [e["noise_us"] for e in doc["cpus"] if e["cpu"] == c["cpu"]]
    if table and not _near(c["noise_us"], table[0]):
        yield base + ["noise_us"], \
            "noise_us %s is not the table's noise (cpus[].noise_us %s)" % (
                c["noise_us"], table[0])
    srcs = [s for s in c["sources"] if s["kind"] != "rtlens"]
    total = sum(s["total_us"] for s in srcs)
    if not _near(c["sources_us"], total, len(srcs) + 1):
        yield base + ["sources_us"], \
            "sources_us %s is not the sum of the sources (%s)" % (
                c["sources_us"], round(total, 6))
    elif not _near(c["sources_us"] + c["not_explained_us"],
                   c["noise_us"] + c.get("rounding_us", 0), 4):
        yield base + ["not_explained_us"], \
            "sources_us %s + not_explained_us %s is not noise_us %s + rounding_us %s" % (
                c["sources_us"], c["not_explained_us"], c["noise_us"],
                c.get("rounding_us", 0))
    if "rounding_us" not in c:
        return
    # 2.2: the sources cover the table's periods, the fractions it cut off
    # at most 0.999 us a period; below zero only by what may lie past them
    cycles = [e.get("cycles", 0) for e in doc["cpus"] if e["cpu"] == c["cpu"]]
    band = 0.999 * (cycles[0] if cycles else 0)
    if c["rounding_us"] > band + US_EPSILON:
        yield base + ["rounding_us"], \
            "rounding_us %s is more than the table's %s periods can have cut " \
            "off (%s)" % (c["rounding_us"], cycles[0] if cycles else 0, round(band, 3))
    if c["not_explained_us"] < -(c["unsure_us"] + 2 * US_EPSILON):
        yield base + ["not_explained_us"], \
            "not_explained_us %s is below zero by more than unsure_us %s: the " \
            "sources hold time the table does not count" % (
                c["not_explained_us"], c["unsure_us"])


def check_osnoise_kvm(aa, base):
    """1.3, a KVM host: a vcpu needs a vCPU thread seen, and a sample's exits
    are among the exits of its CPU over the run."""
    if "kvm_vcpu_threads" not in aa:
        return
    samples = [(base + ["threshold_sample"], aa["threshold_sample"])]
    samples += [(base + ["worst_samples", i], s)
                for i, s in enumerate(aa["worst_samples"])]
    samples = [(b, s) for b, s in samples if s is not None]
    vcpus = set()
    for b, s in samples:
        vcpus.update(k["pid"] for k in s["causes"] if k.get("vcpu") is not None)
    for c in aa["cpus"]:
        vcpus.update(src["pid"] for src in c["sources"]
                     if src.get("vcpu") is not None)
    if len(vcpus) > aa["kvm_vcpu_threads"]:
        yield base + ["kvm_vcpu_threads"], \
            "kvm_vcpu_threads %d is below the number of threads with a " \
            "vcpu (%d)" % (aa["kvm_vcpu_threads"], len(vcpus))
    per_cpu = {c["cpu"]: c["kvm_exits"] for c in aa["cpus"] if "kvm_exits" in c}
    for b, s in samples:
        run = per_cpu.get(s["cpu"])
        if run is None or "kvm_exits" not in s:
            continue
        for key in ("total", "dropped"):
            if s["kvm_exits"][key] > run[key]:
                yield b + ["kvm_exits", key], \
                    "%s %d is above the %s of cpu %d over the run " \
                    "(analysis.cpus[].kvm_exits: %d)" % (
                        key, s["kvm_exits"][key], key, s["cpu"], run[key])


def check_self_stop(ss, aa, check_cpu_entries):
    """1.4, the user engine: the stops of rtlens's own measuring threads add
    up, and the analysis counts no more of them than were seen."""
    base = ["self_stop"]
    for problem in check_cpu_entries(base + ["cpus"], ss["cpus"]):
        yield problem
    cpus = ss["cpus"]
    longest = max([c["stopped_us"] for c in cpus] or [0])
    if not _near(ss["stopped_us"], longest):
        yield base + ["stopped_us"], \
            "stopped_us %s is not the longest of the cpus' (%s)" % (
                ss["stopped_us"], longest)
    if ss["samples"] != sum(c["samples"] for c in cpus):
        yield base + ["samples"], \
            "samples %d is not the sum of the cpus' (%d)" % (
                ss["samples"], sum(c["samples"] for c in cpus))
    for i, c in enumerate(cpus):
        if c["samples"] and not c["stops"]:
            yield base + ["cpus", i, "samples"], \
                "%d samples include a stop but stops is 0" % c["samples"]
    per_cpu = {c["cpu"]: c for c in cpus}
    for i, c in enumerate(aa["cpus"] if isinstance(aa, dict) and "cpus" in aa else []):
        own = per_cpu.get(c["cpu"])
        for j, src in enumerate(c.get("sources", [])):
            if src["kind"] != "rtlens" or own is None:
                continue
            if src["total_us"] > own["stopped_us"] + US_EPSILON or \
                    (src["count"] or 0) > own["stops"]:
                yield ["analysis", "cpus", i, "sources", j], \
                    "the rtlens source (%d stops, %s us) is more than " \
                    "self_stop.cpus[] counts (%d stops, %s us)" % (
                        src["count"], src["total_us"], own["stops"],
                        own["stopped_us"])


FINDING_ORDER = {"breaks": 0, "warn": 1, "info": 2, "ok": 3}
TASK_KINDS = ("percpu_kthread", "kthread", "user_pinned", "user")


def _cpus_of(base, text, nr_cpus):
    """A CPU list of the tuning as a list, and its problems: (cpus or None,
    [problem])."""
    if text == "":
        return [], []
    try:
        cpus = parse_cpu_list(text)
    except ValueError as e:
        return None, [(base, str(e))]
    if cpus[-1] >= nr_cpus:
        return None, [(base, "cpu %d is not below system.nr_cpus (%d)" % (
            cpus[-1], nr_cpus))]
    return cpus, []


def check_tuning(t, nr_cpus):
    """system.tuning (check documents, and reports since 1.7)."""
    base = ["system", "tuning"]
    measured, problems = _cpus_of(base + ["measured_cpus"], t["measured_cpus"],
                                  nr_cpus)
    for problem in problems:
        yield problem
    if t["settings"]["measured_cpus"] != t["measured_cpus"]:
        yield base + ["settings", "measured_cpus"], \
            "%s is not measured_cpus %s" % (
                json.dumps(t["settings"]["measured_cpus"]),
                json.dumps(t["measured_cpus"]))
    for key in ("online", "isolated", "nohz_full", "cpuset_isolated"):
        if t[key] is not None:
            for problem in _cpus_of(base + [key], t[key], nr_cpus)[1]:
                yield problem

    seen = [c["cpu"] for c in t["cpus"]]
    for i, cpu in enumerate(seen):
        if i and cpu <= seen[i - 1]:
            yield base + ["cpus", i, "cpu"], \
                "cpu %d is out of order (entries are in ascending CPU order, " \
                "one per CPU)" % cpu
            break
        if cpu >= nr_cpus:
            yield base + ["cpus", i, "cpu"], \
                "cpu %d is not below system.nr_cpus (%d)" % (cpu, nr_cpus)
            break
        if measured is not None and cpu not in measured:
            yield base + ["cpus", i, "cpu"], \
                "cpu %d is not a measured CPU (measured_cpus %s)" % (
                    cpu, t["measured_cpus"])
            break
    else:
        if measured is not None and seen != measured:
            yield base + ["cpus"], \
                "the CPUs %s are not measured_cpus %s (one entry per " \
                "measured CPU)" % (_short(seen, 40), t["measured_cpus"])

    irqs = [q["irq"] for q in t["irqs"]]
    for i in range(1, len(irqs)):
        if irqs[i] <= irqs[i - 1]:
            yield base + ["irqs", i, "irq"], \
                "irq %d is out of order (ascending IRQ order, each once)" % irqs[i]
            break
    settings = t["settings"]
    derived = (
        ("irqs_on_measured", len(irqs) + t["irqs_left_out"],
         "the length of irqs plus irqs_left_out"),
        ("user_tasks_on_measured", t["task_counts"]["user"], "task_counts.user"),
        ("kthreads_on_measured", t["task_counts"]["kthread"],
         "task_counts.kthread"),
    )
    for key, want, what in derived:
        if settings[key] != want:
            yield base + ["settings", key], "%s %s is not %s (%d)" % (
                key, _short(settings[key]), what, want)
    for kind in TASK_KINDS:
        listed = sum(1 for task in t["tasks"] if task["kind"] == kind)
        if listed > t["task_counts"][kind]:
            yield base + ["task_counts", kind], \
                "%d is below the %d tasks of kind %s listed in tasks" % (
                    t["task_counts"][kind], listed, kind)

    findings = t["findings"]
    for i, f in enumerate(findings):
        if i and FINDING_ORDER[f["status"]] < \
                FINDING_ORDER[findings[i - 1]["status"]]:
            yield base + ["findings", i, "status"], \
                "%s after %s: the findings come breaks first, then warn, " \
                "info, ok" % (f["status"], findings[i - 1]["status"])
            break
    for i, f in enumerate(findings):
        cpus, problems = _cpus_of(base + ["findings", i, "cpus"], f["cpus"],
                                  nr_cpus)
        for problem in problems:
            yield problem
        if cpus and measured is not None and not set(cpus) <= set(measured):
            yield base + ["findings", i, "cpus"], \
                "cpus %s are not all measured CPUs (measured_cpus %s)" % (
                    f["cpus"], t["measured_cpus"])
    breaks = any(f["status"] == "breaks" for f in findings)
    if t["isolation_ok"] == breaks:
        yield base + ["isolation_ok"], \
            "isolation_ok is %s but %s finding has status breaks" % (
                json.dumps(t["isolation_ok"]), "a" if breaks else "no")


def check_setup_notes(doc, measured):
    """setup_notes (1.7): each names a finding of system.tuning that covers
    its CPU, with that finding's status and fix; each source once."""
    findings = doc["system"]["tuning"]["findings"]
    nr_cpus = doc["system"]["nr_cpus"]
    seen = set()
    notes = doc["setup_notes"]
    if notes and doc.get("analysis") is None:
        yield ["setup_notes"], \
            "%d notes but analysis is null (the notes explain the " \
            "analysis's sources)" % len(notes)
        return
    for i, n in enumerate(notes):
        base = ["setup_notes", i]
        key = (n["cpu"], n["kind"], n["name"])
        if key in seen:
            yield base, "cpu %d %s %s is noted twice" % key
            continue
        seen.add(key)
        if measured is not None and n["cpu"] not in measured:
            yield base + ["cpu"], "cpu %d is not a measured CPU" % n["cpu"]
            continue
        same = [f for f in findings if f["id"] == n["finding"]]
        if not same:
            yield base + ["finding"], \
                "%s is not a finding of system.tuning.findings" % json.dumps(
                    n["finding"])
            continue
        covering = [f for f in same
                    if f["cpus"] == "" or
                    n["cpu"] in (_cpus_of([], f["cpus"], nr_cpus)[0] or [])]
        if not covering:
            yield base + ["cpu"], \
                "cpu %d is not among the cpus of any %s finding" % (
                    n["cpu"], n["finding"])
            continue
        matching = [f for f in covering if f["status"] == n["status"]]
        if not matching:
            yield base + ["status"], \
                "status %s is not that of the %s finding (%s)" % (
                    n["status"], n["finding"],
                    ", ".join(sorted(set(f["status"] for f in covering))))
            continue
        fixes = [(f["fix"]["runtime"] or f["fix"]["cmdline"]) if f.get("irq") is not None
                 else (f["fix"]["cmdline"] or f["fix"]["runtime"]) for f in matching]
        if n["fix"] not in fixes:
            yield base + ["fix"], \
                "fix %s is not the %s finding's fix (an IRQ's: runtime, else cmdline; others: cmdline, else runtime) " \
                "(%s)" % (_short(n["fix"], 60), n["finding"],
                          _short(fixes[0], 60))


VCPU_TIMES = ("guest_us", "host_kernel_us", "vmm_us", "preempted_us",
              "sleeping_us", "unknown_us")


def check_vcpu_threads(threads):
    """2.1, a KVM host's vCPU threads: each one's times add up to the time
    it was followed, its exits by reason to its exits."""
    for i, v in enumerate(threads):
        base = ["vcpu_threads", i]
        parts = sum(v[k] for k in VCPU_TIMES)
        if abs(parts - v["followed_us"]) > 0.01 + v["followed_us"] * 1e-9:
            yield base + ["followed_us"], \
                "%s is not the sum of its times (%s)" % (v["followed_us"], parts)
        counted = sum(r["count"] for r in v["exit_reasons"])
        if counted != v["exits"]:
            yield base + ["exits"], \
                "%d is not the sum of exit_reasons' counts (%d)" % (v["exits"], counted)
        if v["heavy_exits"] > v["exits"]:
            yield base + ["heavy_exits"], "%d is above exits %d" % (
                v["heavy_exits"], v["exits"])


TAIL_CHECKS = ("enough", "stable", "apart", "fits")
TAIL_PROBS = (1e-6, 1e-9)
TAIL_EPSILON = 1e-6     # the values are written with 6 decimals


def _tail_upper(v):
    return math.inf if v is None else v


def check_tail_estimate(base, e, floor):
    """an estimate within its interval, the interval over the threshold"""
    if e["estimate"] is None:
        if e["lower"] is not None or e["upper"] is not None:
            yield base, "an interval without its estimate (estimate null)"
        return
    if e["lower"] is None:
        yield base + ["lower"], "null with an estimate %s" % e["estimate"]
        return
    if not e["lower"] - TAIL_EPSILON <= e["estimate"] <= _tail_upper(e["upper"]) + TAIL_EPSILON:
        yield base + ["estimate"], "%s is not within its interval [%s, %s]" % (
            e["estimate"], e["lower"], "no bound" if e["upper"] is None else e["upper"])
    if floor is not None and e["lower"] < floor - TAIL_EPSILON:
        yield base + ["lower"], "%s is under the threshold %s" % (e["lower"], floor)


def _tail_rising(base, entries, what):
    """each estimate at least the one before it (a rarer level, a longer horizon)"""
    last = None
    for i, e in enumerate(entries):
        if e["estimate"] is None:
            continue
        if last is not None and e["estimate"] < last - TAIL_EPSILON:
            yield base + [i, "estimate"], "%s is under the %s before it (%s)" % (
                e["estimate"], what, last)
        last = e["estimate"]


def check_tail_checks(base, s):
    """trusted iff every check passed; what each check measured, iff it was made"""
    passed = {c["check"]: c["passed"] for c in s["checks"]}
    if s["trusted"] != all(passed[c] is True for c in TAIL_CHECKS):
        yield base + ["trusted"], "%s, but the checks say %s" % (
            json.dumps(s["trusted"]), _short(passed, 60))
    if (s["fit"] is None) != all(passed[c] is None for c in TAIL_CHECKS[1:]):
        yield base + ["fit"], "the checks after enough are made iff a fit was made"
    if s["run_more_s"] is not None and passed["enough"]:
        yield base + ["run_more_s"], "set, but check enough passed"
    for key, check in (("extremal_index", "apart"), ("anderson_darling", "fits"),
                       ("ad_critical", "fits")):
        if (s[key] is None) != (passed[check] is None):
            yield base + [key], "null iff check %s was not made" % check
    if (len(s["halves"]) == 2) != (passed["stable"] is not None):
        yield base + ["halves"], "two halves iff check stable was made"
    if sum(h["exceedances"] for h in s["halves"]) > s["exceedances"]:
        yield base + ["halves"], "more exceedances in the halves than in the series"


def check_tail_fit(base, s):
    fit = s["fit"]
    if fit is None:
        return
    if not fit["shape_lower"] - TAIL_EPSILON <= fit["shape"] <= fit["shape_upper"] + TAIL_EPSILON:
        yield base + ["fit", "shape"], "%s is not within its interval [%s, %s]" % (
            fit["shape"], fit["shape_lower"], fit["shape_upper"])
    if fit["heavy"] != (fit["shape_lower"] > 0):
        yield base + ["fit", "heavy"], "heavy is shape_lower > 0 (%s)" % fit["shape_lower"]


def check_tail_estimates(base, s, horizons_s):
    """levels and horizons: there iff trusted, each within its interval, rising"""
    if not s["trusted"]:
        for key in ("levels", "horizons"):
            if s[key]:
                yield base + [key], "not empty, but the estimate is not trusted"
        return
    if [lv["p"] for lv in s["levels"]] != list(TAIL_PROBS):
        yield base + ["levels"], "the levels are those of p 1e-6 and 1e-9, in order"
    if [h["seconds"] for h in s["horizons"]] != horizons_s:
        yield base + ["horizons"], "the horizons are horizons_s %s, in order" % horizons_s
    for key in ("levels", "horizons"):
        for i, e in enumerate(s[key]):
            for problem in check_tail_estimate(base + [key, i], e, s["threshold"]):
                yield problem
        for problem in _tail_rising(base + [key], s[key], key[:-1]):
            yield problem


def check_tail_gate(gate, doc, measured):
    """--until-confident: the verdict as its level and interval say, the exit status with it"""
    base = ["tail", "gate"]
    if gate["cpu"] is None:
        for key in ("estimate", "lower", "upper"):
            if gate[key] is not None:
                yield base + [key], "set without a cpu"
        if gate["verdict"] != "undecided":
            yield base + ["cpu"], "null, but the verdict is %s" % gate["verdict"]
        return
    if measured is not None and gate["cpu"] not in measured:
        yield base + ["cpu"], "cpu %d is not a measured CPU" % gate["cpu"]
    for problem in check_tail_estimate(base, gate, None):
        yield problem
    if gate["estimate"] is None:
        return
    if gate["verdict"] == "below" and not _tail_upper(gate["upper"]) < gate["limit"]:
        yield base + ["upper"], "below, but the upper end %s is not under the limit %s" % (
            gate["upper"], gate["limit"])
    if gate["verdict"] == "above" and not gate["lower"] > gate["limit"]:
        yield base + ["lower"], "above, but the lower end %s is not over the limit %s" % (
            gate["lower"], gate["limit"])
    if gate["verdict"] == "above" and doc["exit_status"] not in (1, 2):
        yield ["exit_status"], "%s, but tail.gate is above: 2 (1 if a later step failed)" % (
            doc["exit_status"])


def check_tail(tail, doc, measured, timerlat):
    """2.5, --tail: each series' facts, checks and estimates agree"""
    unit = doc["config"]["unit"] if timerlat else "us"
    if tail["unit"] != unit:
        yield ["tail", "unit"], "%s is not the report's unit %s" % (
            json.dumps(tail["unit"]), json.dumps(unit))
    if tail["horizons_s"] != sorted(tail["horizons_s"]):
        yield ["tail", "horizons_s"], "not shortest first"
    contexts = TIMERLAT_CONTEXTS if timerlat else ("noise",)
    seen = set()
    for i, s in enumerate(tail["series"]):
        base = ["tail", "series", i]
        if s["context"] not in contexts:
            yield base + ["context"], "%s is not a context of this tool %s" % (
                json.dumps(s["context"]), json.dumps(contexts))
        if s["cpu"] is not None and measured is not None and s["cpu"] not in measured:
            yield base + ["cpu"], "cpu %d is not a measured CPU" % s["cpu"]
        if (s["cpu"], s["context"]) in seen:
            yield base, "a second series of cpu %s, %s" % (s["cpu"], s["context"])
        seen.add((s["cpu"], s["context"]))
        if s["exceedances"] > s["samples"]:
            yield base + ["exceedances"], "%d is over samples %d" % (
                s["exceedances"], s["samples"])
        if s["threshold"] is None and s["exceedances"]:
            yield base + ["threshold"], "null with exceedances"
        if s["threshold"] is not None and s["threshold"] > s["max"] + TAIL_EPSILON:
            yield base + ["threshold"], "%s is over max %s" % (s["threshold"], s["max"])
        for check in (check_tail_checks, check_tail_fit):
            for problem in check(base, s):
                yield problem
        for problem in check_tail_estimates(base, s, tail["horizons_s"]):
            yield problem
    if "gate" in tail:
        for problem in check_tail_gate(tail["gate"], doc, measured):
            yield problem


def check_consistency(doc):
    """The document of rtlens check."""
    t = doc["system"]["tuning"]
    for problem in check_tuning(t, doc["system"]["nr_cpus"]):
        yield problem
    counted = {status: 0 for status in FINDING_ORDER}
    for f in t["findings"]:
        counted[f["status"]] += 1
    for status in ("ok", "info", "warn", "breaks"):
        if doc["counts"][status] != counted[status]:
            yield ["counts", status], \
                "%d is not the number of findings with status %s (%d)" % (
                    doc["counts"][status], status, counted[status])
    want = 2 if counted["breaks"] else 0
    if doc["exit_status"] != want:
        yield ["exit_status"], \
            "exit_status %d but %d findings have status breaks (2 when " \
            "some do, else 0)" % (doc["exit_status"], counted["breaks"])


def consistency(doc):
    """Yield (path, message) for every broken cross-field rule."""
    if doc["command"] == "check":
        for problem in check_consistency(doc):
            yield problem
        return
    if doc["command"] not in REPORT_COMMANDS:
        return      # another document (rtlens compare): its schema only
    cfg = doc["config"]
    nr_cpus = doc["system"]["nr_cpus"]
    timerlat = doc["command"] in TIMERLAT_COMMANDS

    measured = None
    for key in ("cpus", "house_keeping"):
        if cfg[key] is None:
            continue
        try:
            cpus = parse_cpu_list(cfg[key])
        except ValueError as e:
            yield ["config", key], str(e)
            continue
        if cpus[-1] >= nr_cpus:
            yield ["config", key], "cpu %d is not below system.nr_cpus (%d)" % (
                cpus[-1], nr_cpus)
        if key == "cpus":
            measured = cpus

    if "runtime_us" in cfg and cfg["runtime_us"] > cfg["period_us"]:
        yield ["config", "runtime_us"], "runtime_us %d is above period_us %d" % (
            cfg["runtime_us"], cfg["period_us"])

    prio = cfg["priority"]
    if prio is not None and prio["policy"] == "deadline" and \
            prio["runtime_ns"] > prio["period_ns"]:
        yield ["config", "priority", "runtime_ns"], \
            "runtime_ns %d is above period_ns %d" % (prio["runtime_ns"],
                                                     prio["period_ns"])

    def check_cpu_entries(base, entries):
        seen = [e["cpu"] for e in entries]
        for i in range(1, len(seen)):
            if seen[i] <= seen[i - 1]:
                yield base + [i, "cpu"], \
                    "cpu %d is out of order (entries are in ascending CPU order, " \
                    "one per CPU)" % seen[i]
                return
        if measured is not None and seen != measured:
            yield base, "the CPUs %s are not the measured CPUs %s (config.cpus)" % (
                _short(seen, 40), _short(measured, 40))

    for problem in check_cpu_entries(["cpus"], doc["cpus"]):
        yield problem
    if timerlat:
        for i, c in enumerate(doc["cpus"]):
            for ctx in TIMERLAT_CONTEXTS:
                if ctx in c:
                    for problem in check_latency_stats(["cpus", i, ctx], c[ctx]):
                        yield problem

    hist = doc.get("histogram")
    if hist is not None:
        for key in ("bucket_size", "entries"):
            if hist[key] != cfg[key]:
                yield ["histogram", key], "%s %d differs from config.%s %d" % (
                    key, hist[key], key, cfg[key])
        if timerlat and hist["unit"] != cfg["unit"]:
            yield ["histogram", "unit"], "unit %s differs from config.unit %s" % (
                json.dumps(hist["unit"]), json.dumps(cfg["unit"]))
        for problem in check_cpu_entries(["histogram", "cpus"], hist["cpus"]):
            yield problem
        size, entries = hist["bucket_size"], hist["entries"]
        for i, hc in enumerate(hist["cpus"]):
            base = ["histogram", "cpus", i]
            if not timerlat:
                for problem in check_histogram(base, hc, size, entries):
                    yield problem
                continue
            for ctx in TIMERLAT_CONTEXTS:
                if ctx in hc:
                    for problem in check_histogram(base + [ctx], hc[ctx], size,
                                                   entries):
                        yield problem
        if timerlat:
            for problem in check_hist_matches_stats(["histogram", "cpus"],
                                                    hist["cpus"], doc["cpus"]):
                yield problem

    stop = doc["stop"]
    thr = stop["threshold"]
    if thr is not None:
        key = THRESHOLD_KEYS[timerlat][thr["kind"]]
        if cfg[key] is None:
            yield ["stop", "threshold", "kind"], \
                "a %s threshold was hit but config.%s is null" % (thr["kind"], key)
        elif thr["limit_us"] != cfg[key]:
            yield ["stop", "threshold", "limit_us"], \
                "limit_us %d differs from config.%s %d" % (
                    thr["limit_us"], key, cfg[key])
        if thr["cpu"] is not None and measured is not None and \
                thr["cpu"] not in measured:
            yield ["stop", "threshold", "cpu"], \
                "cpu %d is not a measured CPU" % thr["cpu"]
    if stop["reason"] == "duration" and cfg["duration_s"] is None:
        yield ["stop", "reason"], \
            "the run stopped on its duration but config.duration_s is null"

    tuning = doc["system"].get("tuning")
    if tuning is not None:
        for problem in check_tuning(tuning, nr_cpus):
            yield problem
        read = _cpus_of([], tuning["measured_cpus"], nr_cpus)[0]
        # a replay (1.8 input) may pick some of the recorded CPUs (-c):
        # the tuning is the recording's, read for all of them
        replay = doc.get("input") is not None
        if measured is not None and read is not None and \
                (not set(measured) <= set(read) if replay else read != measured):
            yield ["system", "tuning", "measured_cpus"], \
                "%s is not config.cpus %s (the tuning is read for the " \
                "measured CPUs%s)" % (json.dumps(tuning["measured_cpus"]),
                                      json.dumps(cfg["cpus"]),
                                      ", in a replay for those recorded" if replay else "")
        if "setup_notes" in doc:
            for problem in check_setup_notes(doc, measured):
                yield problem

    if doc.get("vcpu_threads") is not None:
        for problem in check_vcpu_threads(doc["vcpu_threads"]):
            yield problem
    aa = doc.get("analysis")
    if doc.get("self_stop") is not None:
        for problem in check_self_stop(doc["self_stop"], aa, check_cpu_entries):
            yield problem
    if aa is not None and timerlat:
        for problem in check_analysis(aa, doc, measured):
            yield problem
    elif aa is not None:
        for problem in check_osnoise_analysis(aa, doc, measured,
                                              check_cpu_entries):
            yield problem
    if doc.get("latency_sources") is not None:
        for problem in check_latency_sources(doc["latency_sources"], doc,
                                             check_cpu_entries):
            yield problem
    if "tail" in doc:
        for problem in check_tail(doc["tail"], doc, measured, timerlat):
            yield problem


# ---------------------------------------------------------------------------

def prepare(schema_name):
    """(validator, None) for SCHEMA, or (None, why) when it cannot be used"""
    try:
        base, schema, store = load_schemas(schema_name)
        cls = validators.validator_for(schema)
        for uri, doc in sorted(store.items()):
            schema_name = url2pathname(urlparse(uri).path)
            validators.validator_for(doc, default=cls).check_schema(doc)
    except (OSError, ParseError) as e:
        return None, "%s: cannot use the schema: %s\n" % (schema_name, e)
    except jsonschema.exceptions.SchemaError as e:
        return None, "%s: not a valid JSON Schema: %s: %s\n" % (
            schema_name, json_path(e.absolute_path), e.message)
    checker = getattr(cls, "FORMAT_CHECKER", None) or jsonschema.FormatChecker()
    return make_validator(cls, base, schema, store, checker), None


def check_file(validator, name, schema_only, out, err):
    """validates one file ('-': standard input): 0 good, 1 bad"""
    try:
        if name == "-":
            data = sys.stdin.buffer.read()
            name = "<stdin>"
        else:
            with open(name, "rb") as f:
                data = f.read()
        doc = load_json(name, data)
    except (OSError, ParseError) as e:
        err.write("%s: %s\n" % (name, e))
        return 1

    problems = sorted((describe(e) for e in validator.iter_errors(doc)),
                      key=lambda p: p[0])
    if not problems and not schema_only:
        problems = [(json_path(p), m) for p, m in consistency(doc)]
    for path, msg in problems:
        err.write("%s: %s: %s\n" % (name, path, msg))
    if problems:
        return 1
    out.write("%s: ok\n" % name)
    return 0


def batch(outdir):
    """--batch OUTDIR: standard input's lines "SCHEMA<tab>FILE", the Nth
    line's result as OUTDIR/N.out, N.err and N.rc (the exit status it would
    have alone); each schema loaded once"""
    validators_of = {}
    for n, line in enumerate(sys.stdin, 1):
        schema_name, name = line.rstrip("\n").split("\t", 1)
        if schema_name not in validators_of:
            validators_of[schema_name] = prepare(schema_name)
        validator, why = validators_of[schema_name]
        with open(os.path.join(outdir, "%d.out" % n), "w") as out, \
                open(os.path.join(outdir, "%d.err" % n), "w") as err:
            if validator is None:
                err.write(why)
                rc = 2
            else:
                rc = check_file(validator, name, False, out, err)
        with open(os.path.join(outdir, "%d.rc" % n), "w") as f:
            f.write("%d\n" % rc)
    return 0


def main(argv):
    args = argv[1:]
    schema_only = False
    if len(args) == 2 and args[0] == "--batch":
        return batch(args[1])
    if args and args[0] == "--schema-only":
        schema_only = True
        args = args[1:]
    if len(args) < 2 or args[0].startswith("-") and args[0] != "-":
        sys.stderr.write("usage: validate.py [--schema-only] SCHEMA FILE...\n"
                         "       validate.py --batch OUTDIR < LIST\n")
        return 2

    validator, why = prepare(args[0])
    if validator is None:
        sys.stderr.write(why)
        return 2
    status = 0
    for name in args[1:]:
        status |= check_file(validator, name, schema_only, sys.stdout, sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
