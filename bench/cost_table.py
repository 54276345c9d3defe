#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Figures of bench/cost.sh from the artifacts of bench/guest/cost.sh.

    cost_table.py OUTDIR KERNEL

Prints one table: rtlens against rtla for each comparison, as ratios.
"""
import glob
import json
import os
import re
import sys

from benchlib import cputime, median, top_rows

TL_D = float(os.environ.get("BENCH_TL_D", "10"))	# timerlat runs' -d, s


def steady(base):
	"""CPU seconds per second of the run's steady part, None if not measured"""
	try:
		kv = dict(x.split("=") for x in open(base + ".steady").read().split())
		return int(kv["cpu_ns"]) / 1e9 / float(kv["window_s"])
	except (OSError, KeyError, ValueError, ZeroDivisionError):
		return None


def hist_count(text):
	"""samples a timerlat hist counted: the sum of its count: row"""
	m = re.search(r"^count:(.*)$", text, re.M)
	return sum(int(x) for x in m.group(1).split()) if m else None


def top_noise(text, cpu):
	"""the Noise column of CPU cpu's row of osnoise top, in % of its Runtime
	(the tools do not count the same number of periods in a -d)"""
	r = top_rows(text).get(cpu)
	return 100.0 * r["noise"] / r["runtime"] if r and r["runtime"] else None


def lost(base):
	"""events lost: rtlens's JSON, else what the tool said about it"""
	js = base + ".json"
	if os.path.exists(js):
		try:
			return int(json.load(open(js)).get("lost_events", 0))
		except (ValueError, OSError):
			return None
	said = open(base + ".err", errors="replace").read() + \
		open(base + ".txt", errors="replace").read()
	m = re.search(r"(\d+)[^\n]*(lost|overflow|missed)", said, re.I)
	return int(m.group(1)) if m else 0


def runs(out, tool, what):
	"""[(cpu s, text, base)] of the successful runs of tool's what"""
	r = []
	for t in sorted(glob.glob(os.path.join(out, "%s-%s-[0-9]*.time" % (tool, what)))):
		base = t[:-5]
		cpu = cputime(t)
		if cpu is not None:
			r.append((cpu, open(base + ".txt", errors="replace").read(), base))
	return r


def mean(xs):
	xs = [x for x in xs if x is not None]
	return sum(xs) / len(xs) if xs else None


def ratio(a, b):
	return "%.2f" % (a / b) if a is not None and b else "-"


def fmt(x, f="%.2f"):
	return f % x if x is not None else "-"


def main():
	out, kernel = sys.argv[1], sys.argv[2]
	tools = ("rtla", "rtlens", "rtlens_tracefs")
	rows = []
	fig = {}
	for tool in tools:
		o = runs(out, tool, "osnoise")
		fig[tool, "noise"] = mean(top_noise(x[1], 1) for x in o)
		fig[tool, "noise_median"] = median(top_noise(x[1], 1) for x in o)
		fig[tool, "lost"] = sum(lost(x[2]) or 0 for x in o) if o else None
		fig[tool, "osn_runs"] = len(o)
		for p in ("k1000", "k200", "aa200", "runaa200", "u200"):
			r = runs(out, tool, p)
			fig[tool, p, "cpu"] = mean(x[0] for x in r)
			fig[tool, p, "n"] = mean(hist_count(x[1]) for x in r)
			fig[tool, p, "steady"] = mean(steady(x[2]) for x in r)
		# the slope of the steady CPU against the sample rate: what one
		# more sample costs, setup and teardown left out
		c1, c2 = fig[tool, "k1000", "steady"], fig[tool, "k200", "steady"]
		n1, n2 = fig[tool, "k1000", "n"], fig[tool, "k200", "n"]
		fig[tool, "marginal"] = ((c2 - c1) * TL_D / (n2 - n1) * 1e6
					 if None not in (c1, c2, n1, n2) and n2 > n1 else None)

	def row(what, unit, key, f="%.2f", better="lower"):
		a, b = fig.get(("rtlens",) + key), fig.get(("rtla",) + key)
		c = fig.get(("rtlens_tracefs",) + key)
		rows.append((what, unit, fmt(b, f), fmt(a, f), ratio(a, b), fmt(c, f),
			     ratio(c, b), better))

	row("osnoise top -c 1: noise, % of runtime", "%", ("noise",), "%.2f")
	row("  the same, median of the runs", "%", ("noise_median",), "%.2f")
	row("osnoise top -c 1: events lost", "events", ("lost",), "%d")
	row("timerlat hist -k -p 1000: CPU", "s", ("k1000", "cpu"))
	row("timerlat hist -k -p 200: CPU", "s", ("k200", "cpu"))
	row("timerlat hist -k -p 1000: steady CPU", "CPU", ("k1000", "steady"), "%.4f")
	row("timerlat hist -k -p 200: steady CPU", "CPU", ("k200", "steady"), "%.4f")
	row("timerlat hist -k: CPU per sample", "us", ("marginal",))
	row("timerlat hist -k -p 200: samples", "", ("k200", "n"), "%.0f", "higher")
	row("timerlat hist -p 200 -T 1000000: CPU", "s", ("aa200", "cpu"))
	row("timerlat hist -p 200 -T 1000000: steady CPU", "CPU", ("aa200", "steady"), "%.4f")
	row("timerlat hist -u -p 200: CPU", "s", ("u200", "cpu"))
	row("timerlat hist -u -p 200: steady CPU", "CPU", ("u200", "steady"), "%.4f")
	row("timerlat hist -u -p 200: samples", "", ("u200", "n"), "%.0f", "higher")
	for tool in tools:
		m = fig[tool, "marginal"]
		# 256 CPUs, a period of 100 us, an IRQ and a thread sample each
		fig[tool, "proj"] = m * 256 * 10000 * 2 / 1e6 if m is not None else None
	row("256 CPUs at -p 100: CPUs needed", "CPUs", ("proj",))

	print("\nbench/cost.sh on %s (guest CPU under TCG: read the ratios; %d/%d osnoise runs)"
	      % (kernel, fig["rtla", "osn_runs"], fig["rtlens", "osn_runs"]))
	print("%-40s %6s %10s %10s %8s %10s %8s  %s" % ("", "unit", "rtla", "rtlens",
	      "/rtla", "--no-bpf", "/rtla", "better"))
	for r in rows:
		print("%-40s %6s %10s %10s %8s %10s %8s  %s" % r)
	print("(--no-bpf: rtlens through tracefs, where BPF is its default; - : not run)")
	# timerlat --aa reads every sample with its events (no BPF counting):
	# its cost against rtlens's default and its tracefs path, same boot
	aa = fig["rtlens", "runaa200", "steady"]
	for label, base in (("default", fig["rtlens", "k200", "steady"]),
			    ("--no-bpf", fig["rtlens_tracefs", "k200", "steady"])):
		print("timerlat hist -p 200 --aa: steady CPU %s against %s %s: %s"
		      % (fmt(aa, "%.4f"), label, fmt(base, "%.4f"), ratio(aa, base)))


if __name__ == "__main__":
	main()
