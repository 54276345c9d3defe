#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Figures of bench/flood.sh from the artifacts of bench/guest/flood.sh.

    flood_table.py OUTDIR ARGS

OUTDIR holds RUN-I.txt, .err, .time (and .json for rtlens) for RUN in
rtla, rtlens, rtlens_aa; ARGS are the top options of the runs. Prints,
per CPU and run, the runtime and the noise share (noise / runtime) of
each tool, as medians over the runs and run by run, rtlens's against
rtla's, the targets met or not, the events rtlens reported lost, and
whether rtlens's text table and JSON report say the same.
"""
import glob
import json
import os
import re
import sys

from benchlib import TOP_COLUMNS, cputime, median, top_rows

RUNS = (("rtla", "rtla"), ("rtlens", "rtlens"), ("rtlens_aa", "rtlens --aa"))
RUNTIME_MIN = 0.90		# rtlens's runtime, at least this share of rtla's
SHARE_RANGE = (0.85, 1.15)	# rtlens's noise share, this many times rtla's


# the fields of a cpus entry of rtlens's report, by top column
JSON_FIELDS = {"cpu": "cpu", "periods": "cycles", "runtime": "runtime_us", "noise": "noise_us",
	       "aval": "cpu_available_pct", "max_noise": "max_noise_us",
	       "max_single": "max_single_us", "hw": "hw_count", "nmi": "nmi_count",
	       "irq": "irq_count", "softirq": "softirq_count", "thread": "thread_count"}


def from_json(c):
	"""a cpus entry of rtlens's report, as a top row"""
	return {col: c[field] for col, field in JSON_FIELDS.items()}


def load(out, run):
	"""[{i, ok, rows, text, json_lost, err_lost}] of run's runs, in order"""
	res = []
	paths = glob.glob(os.path.join(out, run + "-[0-9]*.time"))
	for t in sorted(paths, key=lambda p: int(p[:-5].rsplit("-", 1)[1])):
		base = t[:-5]
		r = {"i": int(base.rsplit("-", 1)[1]), "ok": cputime(t) is not None,
		     "json_lost": None, "err_lost": None}
		r["text"] = top_rows(open(base + ".txt", errors="replace").read())
		r["rows"] = r["text"]
		err = open(base + ".err", errors="replace").read()
		m = re.search(r"(\d+) events were lost", err)
		r["err_lost"] = int(m.group(1)) if m else 0
		if run != "rtla":
			try:
				rep = json.load(open(base + ".json"))
				r["rows"] = {c["cpu"]: from_json(c) for c in rep["cpus"]}
				r["json_lost"] = rep["lost_events"]
				r["period_us"] = rep["config"]["period_us"]
			except (OSError, ValueError, KeyError):
				r["rows"] = {}
		res.append(r)
	return res


def share(row):
	"""noise in % of runtime, None without runtime"""
	return 100.0 * row["noise"] / row["runtime"] if row and row["runtime"] else None


def rate(row):
	"""the interferences the kernel counted (HW, NMI, IRQ, Softirq, Thread)
	per second of runtime: how hard the flood hit the run"""
	if not row or not row["runtime"]:
		return None
	return sum(row[k] for k in ("hw", "nmi", "irq", "softirq", "thread")) / row["runtime"] * 1e6


def seconds(args):
	"""the -d of the runs, in seconds (None if not given)"""
	m = re.search(r"(?:-d|--duration)[ =](\d+)([smhd]?)\b", args)
	if not m:
		return None
	return int(m.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}[m.group(2)]


def fmt(x, f):
	return f % x if x is not None else "-"


def ratio(a, b):
	return a / b if a is not None and b else None


def consistency(runs):
	"""rtlens's text table against its JSON, rtla's share against its % CPU
	Aval: one ok or below target line each"""
	bad, n = [], 0
	for run, _ in RUNS[1:]:
		for r in runs[run]:
			if not r["ok"]:
				continue
			n += 1
			for cpu in sorted(set(r["rows"]) | set(r["text"])):
				a, b = r["rows"].get(cpu), r["text"].get(cpu)
				if a is None or b is None:
					bad.append("%s-%d CPU %d: %s" % (run, r["i"], cpu,
						   "not in the text table" if b is None else "not in the JSON"))
					continue
				for k in TOP_COLUMNS:
					# % CPU Aval: 5 decimals in the text, 6 in the JSON
					if abs(a[k] - b[k]) > (1e-5 if k == "aval" else 0):
						bad.append("%s-%d CPU %d %s: JSON %g, text %g"
							   % (run, r["i"], cpu, k, a[k], b[k]))
	what = ("rtlens's text table and its JSON report give the same numbers, every column "
		"(%d runs)" % n)
	print(("below target: %s; they differ: %s" % (what, "; ".join(bad))) if bad or not n
	      else "ok: " + what)
	bad, n = [], 0
	for r in runs["rtla"]:
		for cpu, row in sorted(r["rows"].items()):
			n += 1
			s = share(row)
			if s is None or abs(s - (100 - row["aval"])) > 1e-4:
				bad.append("rtla-%d CPU %d: %s%% against 100 - %g"
					   % (r["i"], cpu, fmt(s, "%.5f"), row["aval"]))
	what = "rtla's table: noise / runtime = 100 - %% CPU Aval (%d rows)" % n
	print(("below target: %s; not in %s" % (what, "; ".join(bad))) if bad or not n
	      else "ok: " + what)


def main():
	out, args = sys.argv[1], sys.argv[2]
	runs = {run: load(out, run) for run, _ in RUNS}
	cpus = sorted(set(c for r in runs["rtla"] for c in r["rows"]))
	secs = seconds(args)
	period = next((r["period_us"] for run, _ in RUNS[1:] for r in runs[run]
		       if "period_us" in r), None)
	nominal = secs * 1e6 / period if secs and period else None

	print("\nosnoise top %s -q under a flood of noise samples (rounds of rtla, rtlens, "
	      "rtlens --aa: %s runs)" % (args, "/".join(str(len(runs[r])) for r, _ in RUNS)))
	if not cpus:
		print("below target: rtla reported no CPU: nothing to compare with")
		return
	verdicts = []
	for cpu in cpus:
		# under emulation the tracer's first period starts late and the last
		# may be cut (rtla's own runs lose one as often): two less. A period
		# that rtlens missed is one its buffer of summaries lost (lost_events)
		need = int(nominal) - 2 if nominal else min(r["rows"][cpu]["periods"]
							  for r in runs["rtla"] if cpu in r["rows"])
		print("\nCPU %d: at least %d periods a run (-d %s s at a %s us period, less two: the "
		      "first starts late, the last may be cut), none lost"
		      % (cpu, need, fmt(secs, "%d"), fmt(period, "%d")))
		print("  %-12s %11s %6s %8s %6s %10s   %s" % ("", "runtime us", "/rtla", "noise %",
		      "/rtla", "interf./s", "each run: runtime us, noise %, periods"))
		med = {}
		for run, label in RUNS:
			rows = [r["rows"].get(cpu) if r["ok"] else None for r in runs[run]]
			rt = median(row["runtime"] if row else 0 for row in rows) if rows else None
			sh = median(share(row) for row in rows)
			med[run] = (rt, sh)
			each = ", ".join("%s %s%% #%s" % (fmt(row["runtime"], "%d"), fmt(share(row), "%.2f"),
						       row["periods"]) if row else "(none)" for row in rows)
			print("  %-12s %11s %6s %8s %6s %10s   %s" % (label, fmt(rt, "%d"),
			      fmt(ratio(rt, med["rtla"][0]), "%.2f"), fmt(sh, "%.2f"),
			      fmt(ratio(sh, med["rtla"][1]), "%.2f"), fmt(median(map(rate, rows)), "%.0f"),
			      each))
			short = ["run %d: %d of %d" % (r["i"], row["periods"] if row else 0, need)
				 for r, row in zip(runs[run], rows) if (row["periods"] if row else 0) < need]
			short += ["run %d: %d events lost" % (r["i"], r["json_lost"])
				  for r in runs[run] if run != "rtla" and r.get("json_lost")]
			if run == "rtla":
				# rtla's own shortfall is no target, but it moves the runtime ratio
				if short:
					verdicts.append("note: CPU %d, rtla: periods missing (%s)"
							% (cpu, ", ".join(short)))
				continue
			rr, sr = ratio(rt, med["rtla"][0]), ratio(sh, med["rtla"][1])
			why = []
			if rr is None or rr < RUNTIME_MIN:
				why.append("runtime %sx rtla's (< %.2f)" % (fmt(rr, "%.2f"), RUNTIME_MIN))
			if sr is None or not SHARE_RANGE[0] <= sr <= SHARE_RANGE[1]:
				why.append("noise share %sx rtla's (outside %.2f-%.2f)"
					   % (fmt(sr, "%.2f"), SHARE_RANGE[0], SHARE_RANGE[1]))
			if short:
				why.append("periods missing (%s)" % ", ".join(short))
			verdicts.append(("below target: CPU %d, %s: %s" % (cpu, label, "; ".join(why))) if why
					else "ok: CPU %d, %s: runtime %.2fx rtla's, noise share %.2fx, no period missing"
					% (cpu, label, rr, sr))

	print("\ntargets, per CPU, on the medians: rtlens's runtime >= %.2fx rtla's, its noise share "
	      "%.2f-%.2fx rtla's; no period missing in any run"
	      % (RUNTIME_MIN, SHARE_RANGE[0], SHARE_RANGE[1]))
	for v in verdicts:
		print(v)
	print("\nevents rtlens reported lost, each run (JSON lost_events / stderr warning):")
	for run, label in RUNS[1:]:
		print("  %-12s %s" % (label, ", ".join("%s/%s" % (fmt(r["json_lost"], "%d"), r["err_lost"])
							for r in runs[run]) or "(no run)"))
	consistency(runs)


if __name__ == "__main__":
	main()
