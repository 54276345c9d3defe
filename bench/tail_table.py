#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The pairs of bench/tail.sh: per CPU and round, the fit's prediction of
the worst timerlat thread latency over the horizon (estimate, 90 %
prediction interval, heavy flag, trusted or the checks that failed), the
maximum the next run of that length saw, and the longest burst its
injector made meanwhile; then the summary per kind.

usage: tail_table.py DIR    (DIR: the guest half's artifacts, fit-*.json
                             and obs-*.json)

Exit status 1 only when a run's report is missing or unreadable: a target
missed is said (`below target:`), not an error."""
import glob
import json
import os
import re
import sys

CONTEXT = "thread"
LIGHT_TARGET = 0.8	# inside the interval in 8 pairs of 10


def series(doc, cpu):
	"""the tail series of @cpu's thread latency in the report @doc"""
	for s in (doc.get("tail") or {}).get("series", []):
		if s["cpu"] == cpu and s["context"] == CONTEXT:
			return s
	return None


def failed_checks(s):
	return [c["check"] for c in s["checks"] if c["passed"] is False]


def burst_max(out, kind, rnd):
	"""{cpu: the longest burst, us} of the injectors of a pair's observation"""
	path = os.path.join(out, "burst-%s-%d-obs.txt" % (kind, rnd))
	found = {}
	if os.path.exists(path):
		for line in open(path):
			kv = dict(x.split("=", 1) for x in line.split()[1:] if "=" in x)
			if "cpu" in kv and "busy_max_us" in kv:
				found[int(kv["cpu"])] = float(kv["busy_max_us"])
	return found


def fmt(v):
	return "inf" if v is None else "%.1f" % v


def pairs(out):
	"""{kind: [pair...]}, and the reports that could not be read"""
	kinds, bad = {}, []
	for fit_path in sorted(glob.glob(os.path.join(out, "fit-*.json"))):
		m = re.fullmatch(r"fit-(\w+)-(\d+)\.json", os.path.basename(fit_path))
		if not m:
			continue
		kind, rnd = m.group(1), int(m.group(2))
		obs_path = os.path.join(out, "obs-%s-%d.json" % (kind, rnd))
		try:
			fit = json.load(open(fit_path))
			obs = json.load(open(obs_path))
		except (OSError, ValueError) as e:
			bad.append("%s round %d: %s" % (kind, rnd, e))
			continue
		if fit.get("exit_status") != 0 or obs.get("exit_status") != 0 or \
		   not fit.get("tail") or not obs.get("tail"):
			bad.append("%s round %d: a run failed or has no tail section" % (kind, rnd))
			continue
		unit = fit["tail"]["unit"]
		injected = burst_max(out, kind, rnd)
		cpus = sorted(s["cpu"] for s in fit["tail"]["series"]
			      if s["cpu"] is not None and s["context"] == CONTEXT)
		for cpu in cpus:
			f, o = series(fit, cpu), series(obs, cpu)
			if o is None:
				bad.append("%s round %d: no series of cpu %d in the observation" %
					   (kind, rnd, cpu))
				continue
			h = f["horizons"][-1] if f["horizons"] else None
			p = dict(kind=kind, round=rnd, cpu=cpu, unit=unit, trusted=f["trusted"],
				 failed=failed_checks(f), fit=f["fit"], horizon=h,
				 horizon_s=fit["tail"]["horizons_s"][-1], observed=o["max"],
				 samples=f["samples"], threshold=f["threshold"],
				 injected=injected.get(cpu))
			if p["injected"] is not None and unit == "ns":
				p["injected"] *= 1000
			p["inside"] = (h is not None and h["lower"] <= o["max"] and
				       (h["upper"] is None or o["max"] <= h["upper"]))
			kinds.setdefault(kind, []).append(p)
	order = ["light", "heavy", "natural"]
	return dict(sorted(kinds.items(), key=lambda kv: (order.index(kv[0])
			   if kv[0] in order else len(order), kv[0]))), bad


def print_pairs(kinds):
	first = next(iter(kinds.values()))[0]
	print("\ntail: a fit's prediction of the worst %s latency of %.0f s against the worst"
	      " the next %.0f s saw (%s)" % (CONTEXT, first["horizon_s"], first["horizon_s"],
					      first["unit"]))
	print("%-8s %5s %3s  %-22s %-24s %5s %9s  %-21s %9s  %-6s %s" % (
	      "kind", "round", "cpu", "fit", "shape [90 %]", "heavy", "estimate",
	      "90 % interval", "observed", "inside", "longest burst"))
	for kind in kinds:
		for p in kinds[kind]:
			fit = "trusted" if p["trusted"] else "refused: " + ",".join(p["failed"] or ["-"])
			f, h = p["fit"], p["horizon"]
			shape = "-" if f is None else "%+.2f [%+.2f, %+.2f]" % (
				f["shape"], f["shape_lower"], f["shape_upper"])
			heavy = "-" if f is None else ("yes" if f["heavy"] else "no")
			if h is None:
				est, iv = "-", "-"
			else:
				est, iv = fmt(h["estimate"]), "[%s, %s]" % (fmt(h["lower"]), fmt(h["upper"]))
			inside = "-" if h is None else ("yes" if p["inside"] else "NO")
			print("%-8s %5d %3d  %-22s %-24s %5s %9s  %-21s %9s  %-6s %s" % (
			      kind, p["round"], p["cpu"], fit, shape, heavy, est, iv,
			      fmt(p["observed"]), inside,
			      "-" if p["injected"] is None else fmt(p["injected"])))


def summary(kinds):
	print()
	for kind, ps in kinds.items():
		n = len(ps)
		trusted = [p for p in ps if p["trusted"]]
		refused = {}
		for p in ps:
			for c in p["failed"]:
				refused[c] = refused.get(c, 0) + 1
		why = ", ".join("%s %d" % kv for kv in sorted(refused.items()))
		if kind == "light":
			inside = sum(p["inside"] for p in ps)
			verdict = "ok" if inside >= LIGHT_TARGET * n else "below target"
			print("%s: light: the observed maximum inside the interval in %d of %d pairs"
			      " (refused: %d%s; target: %d%%)" % (verdict, inside, n, n - len(trusted),
			      ": " + why if why else "", LIGHT_TARGET * 100))
		elif kind == "heavy":
			heavy = sum(1 for p in ps if p["fit"] and p["fit"]["heavy"])
			named = sum(1 for p in ps if not (p["fit"] and p["fit"]["heavy"]) and p["failed"])
			light = n - heavy - named
			verdict = "ok" if light == 0 else "below target"
			print("%s: heavy: flagged heavy in %d of %d pairs, refused by a named check in"
			      " %d, given a finite bound as light in %d (target: 0)" % (
			      verdict, heavy, n, named, light))
		else:
			inside = sum(p["inside"] for p in trusted)
			print("%s: trusted in %d of %d pairs, the observed maximum inside the interval"
			      " in %d of them; refused in %d%s" % (kind, len(trusted), n, inside,
			      n - len(trusted), " (" + why + ")" if why else ""))


def main():
	if len(sys.argv) != 2:
		print(__doc__, file=sys.stderr)
		return 2
	kinds, bad = pairs(sys.argv[1])
	for b in bad:
		print("bench/tail: " + b)
	if not kinds:
		print("bench/tail: no pair in %s" % sys.argv[1])
		return 1
	print_pairs(kinds)
	summary(kinds)
	return 1 if bad else 0


if __name__ == "__main__":
	sys.exit(main())
