# SPDX-License-Identifier: GPL-2.0
"""What the host halves of the benches share: the artifacts of the guest
halves (cputime's line, osnoise top's table) and the statistics of runs."""
import re

# the columns of a row of osnoise top (rtla's layout, rtlens's too)
TOP_COLUMNS = ("cpu", "periods", "runtime", "noise", "aval", "max_noise", "max_single",
	       "hw", "nmi", "irq", "softirq", "thread")


def cputime(path):
	"""user + sys seconds of a .time file, None if the run failed"""
	kv = dict(x.split("=") for x in open(path).read().split()[1:])
	if kv.get("status") != "0":
		return None
	return float(kv["user"]) + float(kv["sys"])


def top_rows(text):
	"""{cpu: {column: number}} of the per-CPU rows of an osnoise top table
	(colour escapes left out)"""
	rows = {}
	for line in re.sub(r"\x1b\[[0-9;]*m", "", text).splitlines():
		t = line.split()
		if len(t) != len(TOP_COLUMNS) or not re.fullmatch(r"#\d+", t[1]):
			continue
		try:
			v = [int(t[0]), int(t[1][1:])] + [float(x) for x in t[2:]]
		except ValueError:
			continue
		rows[v[0]] = dict(zip(TOP_COLUMNS, v))
	return rows


def median(xs):
	"""the middle value: one run that the shared host slowed does not move it"""
	xs = sorted(x for x in xs if x is not None)
	if not xs:
		return None
	return xs[len(xs) // 2] if len(xs) % 2 else (xs[len(xs) // 2 - 1] + xs[len(xs) // 2]) / 2
