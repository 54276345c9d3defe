#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Figures of bench/live-pane.sh: what the live screen costs rtlens.

    live_pane_table.py OUTDIR ARGS [RTLA_ARGS]

OUTDIR holds TOOL_HOW-I.time and .err for TOOL in osnoise, timerlat, HOW
in file (stdout to a file: no screen) and screen (the live screen in a
tmux pane), round I; ARGS are the top options of the runs. Prints, per
tool and round, rtlens's CPU time (user + sys) without and with the screen
and their ratio, the median of the rounds' ratios and the target. Where
rtlens's -D says what its main thread (the one that reads, counts and
draws) took, as the user engine does, the same for that thread, and the
verdict is on it: the user engine's measuring threads are rtlens's own and
busy, and would drown what the screen adds.

Where OUTDIR also holds rtla_TOOL_HOW-I (rtla's top in the same guest,
bench/guest/live-pane.sh), rtla's rows follow: rtla draws its table every
second to a file as to the terminal, so its ratio is what the terminal
and the guest's other vCPUs (tmux's, on the one TCG thread) add to a CPU
time measured there. rtlens's ratio over rtla's, labelled an estimate, is
then what the screen costs rtlens net of that.
"""
import glob
import os
import re
import sys

from benchlib import cputime, median

TARGET = 1.10		# the live screen's CPU time, at most this many times the file's
TOOLS = ("osnoise", "timerlat")
MAIN_THREAD = re.compile(r"([0-9.]+) s of cpu for rtlens's main thread")


def runs(out, tool, how, prog=""):
	"""{round: (process seconds or None, main thread seconds or None)}"""
	res = {}
	for t in glob.glob(os.path.join(out, "%s%s_%s-[0-9]*.time" % (prog, tool, how))):
		base = t[:-5]
		try:
			m = MAIN_THREAD.search(open(base + ".err", errors="replace").read())
		except OSError:
			m = None
		res[int(base.rsplit("-", 1)[1])] = (cputime(t), float(m.group(1)) if m else None)
	return res


def fmt(x, spec="%8.3f"):
	return spec % x if x is not None else "%8s" % "-"


def ratio(a, b):
	return a / b if a is not None and b else None


def table(out, tool, args, prog=""):
	"""print the tool's rounds and medians; its verdict's ratio, or None"""
	file, screen = runs(out, tool, "file", prog), runs(out, tool, "screen", prog)
	rounds = sorted(set(file) | set(screen))
	if not rounds:
		return ("process", None)
	has_main = any(v[1] is not None for r in (file, screen) for v in r.values())
	print("\n%s%s top %s: %s's CPU seconds (user + sys), no screen (stdout to a file)"
	      " against the live screen (an 80x24 tmux pane)"
	      % (prog.replace("_", " "), tool, args, prog[:-1] or "rtlens"))
	head = "%-6s %8s %8s %8s" % ("round", "file", "screen", "ratio")
	if has_main:
		head += "   %8s %8s %8s" % ("main thr", "main thr", "ratio")
	print(head)
	cols = [[], [], [], [], [], []]
	for i in rounds:
		f, s = file.get(i, (None, None)), screen.get(i, (None, None))
		row = (f[0], s[0], ratio(s[0], f[0]), f[1], s[1], ratio(s[1], f[1]))
		for c, v in zip(cols, row):
			c.append(v)
		line = "%-6d %s %s %s" % (i, fmt(row[0]), fmt(row[1]), fmt(row[2], "%7.2fx"))
		if has_main:
			line += "   %s %s %s" % (fmt(row[3]), fmt(row[4]), fmt(row[5], "%7.2fx"))
		print(line)
	med = [median(c) for c in cols]
	line = "%-6s %s %s %s" % ("median", fmt(med[0]), fmt(med[1]), fmt(med[2], "%7.2fx"))
	if has_main:
		line += "   %s %s %s" % (fmt(med[3]), fmt(med[4]), fmt(med[5], "%7.2fx"))
	print(line)
	return ("main thread", med[5]) if has_main else ("process", med[2])


def verdict(r):
	"""the target met at the precision the ratio is shown with"""
	return "PASS" if round(r, 2) <= TARGET else "OVER"


def main():
	out, args = sys.argv[1], sys.argv[2]
	rtla_args = sys.argv[3] if len(sys.argv) > 3 else "-c 1 -d 20"
	verdicts = []
	for tool in TOOLS:
		what, r = table(out, tool, args)
		verdicts.append((tool, what, r, table(out, tool, rtla_args, "rtla_")[1]))
	print("\ntarget: the live screen's CPU time at most %.2fx the file's (median of the"
	      " rounds' ratios)" % TARGET)
	for tool, what, r, rtla in verdicts:
		if r is None:
			print("%-8s no figures (a run failed: see its .err)" % tool)
			continue
		print("%-8s %.2fx (%s): %s" % (tool, r, what, verdict(r)))
		if rtla:
			net = r / rtla
			print("%-8s rtla's own screen in the same guest: %.2fx; rtlens's net of it,"
			      " an estimate: ~%.2fx: %s" % ("", rtla, net, verdict(net)))
	# a run with no figures is a failure; a missed target is not (noisy hosts)
	return 1 if any(v[2] is None for v in verdicts) else 0


if __name__ == "__main__":
	sys.exit(main())
