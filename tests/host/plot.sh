# SPDX-License-Identifier: GPL-2.0
#
# Host tests of --plot FILE.svg, sourced by tests/host/run.sh (expect, ok,
# not_ok, $R, $WORK, $ROOT).
#
# Refused when the options are read: on a top mode and hwnoise (with the
# commands that take it named), to stdout (-), an empty name. Replays of
# the recordings of tests/fuzz/corpus/input (no root needed) and, as root
# with tracefs and 2 CPUs, live runs of the user engine (osnoise hist with
# -s/-T, timerlat hist, -c 0, -E 10 so that some samples are "over", a
# hostile host name in a UTS namespace of its own): each SVG parses as
# XML, is one <svg> with a width and a height, refers to nothing outside
# itself, has a panel per CPU of the run's --json histogram that has
# samples, as many bars as that histogram has non-empty buckets and an
# "over" bar per series with values past the last bucket, a dashed line per
# threshold, and the host name escaped as it is. A path that cannot be
# written is refused before the measurement (exit 1, at once), and a file
# there already stays as it was when a run is refused.

# plot_check NAME SVG JSON MARKS [CONTEXTS]: the picture against the run's JSON
# report (timerlat: the CONTEXTS drawn, irq,thread,user by default)
plot_check() {
	if python3 "$ROOT/tests/host/plot_check.py" "$2" "$3" "$4" "${5:-irq,thread,user}" \
		> "$WORK/plot-check.out" 2>&1
	then
		ok "$1"
	else
		not_ok "$1"
		sed 's/^/#   /' "$WORK/plot-check.out" | head -20
	fi
}

# plot_kept NAME FILE: FILE still holds what plot_tests put there
plot_kept() {
	if [ "$(cat "$2" 2>/dev/null)" = "the picture of before" ]; then
		ok "$1"
	else
		not_ok "$1"
	fi
}

plot_refused_options() {
	expect "--plot on osnoise top refused" 1 \
		"unknown option '--plot': only osnoise hist and timerlat hist take it" -- \
		$R osnoise top --plot "$WORK/p.svg" -d 1
	expect "--plot on timerlat top refused" 1 "only osnoise hist and timerlat hist" -- \
		$R timerlat top --plot "$WORK/p.svg" -d 1
	expect "--plot on hwnoise refused" 1 "unknown option '--plot'" -- \
		$R hwnoise --plot "$WORK/p.svg" -d 1
	expect "--plot - refused" 1 "invalid --plot value '-': .*name a file" -- \
		$R osnoise hist --plot - -d 1
	expect "--plot '' refused" 1 "file name is empty" -- $R timerlat hist --plot '' -d 1
	expect "hist --help lists --plot" 0 '--plot file.svg' -- $R timerlat hist --help
	if [ -e "$WORK/p.svg" ]; then
		not_ok "a refused --plot leaves no file"
	else
		ok "a refused --plot leaves no file"
	fi
}

# the recordings replayed: no root needed
plot_replays() {
	local in=$ROOT/tests/fuzz/corpus/input

	expect "osnoise hist --input --plot" 0 "Plot saved to" -- \
		$R osnoise hist --input "$in/osnoise-aa.dat" --plot "$WORK/r1.svg" --json "$WORK/r1.json"
	plot_check "osnoise hist --input: the picture" "$WORK/r1.svg" "$WORK/r1.json" 0
	# recorded with -a 50, which its thread latency of 150 us hit (exit 2): -i, -T
	# and -s at 50 us
	expect "timerlat hist --input --plot" 2 "Plot saved to" -- \
		$R timerlat hist --input "$in/timerlat-a.dat" --plot "$WORK/r2.svg" --json "$WORK/r2.json"
	plot_check "timerlat hist --input: the picture, thresholds marked" "$WORK/r2.svg" "$WORK/r2.json" 3
	expect "timerlat hist --input -n --no-irq --plot" 2 "Plot saved to" -- \
		$R timerlat hist --input "$in/timerlat-a.dat" -n --no-irq --plot "$WORK/r3.svg" \
		--json "$WORK/r3.json"
	plot_check "timerlat hist -n --no-irq: the picture" "$WORK/r3.svg" "$WORK/r3.json" 3 thread
	if grep -q '>ns</text>' "$WORK/r3.svg" && ! grep -q '>IRQ</text>' "$WORK/r3.svg"; then
		ok "timerlat hist -n --no-irq: ns on the axis, no IRQ series"
	else
		not_ok "timerlat hist -n --no-irq: ns on the axis, no IRQ series"
	fi
	echo "the picture of before" > "$WORK/kept.svg"
	expect "--plot of a replay of no file refused" 1 "" -- \
		$R osnoise hist --input "$WORK/none.dat" --plot "$WORK/kept.svg"
	plot_kept "--plot of a refused replay: the file stays as it was" "$WORK/kept.svg"
	expect "--plot to a missing directory refused (replay)" 1 \
		"cannot write the SVG plot to /nonexistent/dir/h.svg" -- \
		$R osnoise hist --input "$in/osnoise-aa.dat" --plot /nonexistent/dir/h.svg
}

# live runs of the user engine on CPU 0
plot_live() {
	local t0 t1

	expect "osnoise hist --engine user --plot" 0 "Plot saved to" -- \
		$R osnoise hist --engine user -d 2 -c 0 -E 10 -s 100000 -T 1 \
		--plot "$WORK/h.svg" --json "$WORK/h.json"
	plot_check "osnoise hist: the picture matches the JSON histogram, -s and -T marked" \
		"$WORK/h.svg" "$WORK/h.json" 2
	expect "timerlat hist --engine user --plot" 0 "Plot saved to" -- \
		$R timerlat hist --engine user -d 2 -c 0,1 -E 10 \
		--plot "$WORK/t.svg" --json "$WORK/t.json"
	plot_check "timerlat hist: the picture matches the JSON histogram" \
		"$WORK/t.svg" "$WORK/t.json" 0
	if command -v unshare > /dev/null &&
	   unshare -u python3 -c 'import socket, subprocess, sys
socket.sethostname(b"<b>&amp;\"q\x27\x01]]>")
sys.exit(subprocess.run(sys.argv[1:]).returncode)' \
		$R osnoise hist --engine user -d 1 -c 0 --plot "$WORK/x.svg" \
		--json "$WORK/x.json" > "$WORK/x.out" 2>&1; then
		plot_check "a hostile host name is escaped" "$WORK/x.svg" "$WORK/x.json" 0
	else
		not_ok "a run in a UTS namespace with a hostile host name"
		sed 's/^/#   /' "$WORK/x.out" | head
	fi

	t0=$(date +%s)
	expect "--plot to a missing directory refused before measuring" 1 \
		"cannot write the SVG plot to /nonexistent/dir/h.svg" -- \
		$R osnoise hist --engine user -d 5 --plot /nonexistent/dir/h.svg
	t1=$(date +%s)
	if [ $((t1 - t0)) -lt 4 ]; then
		ok "--plot to a missing directory: refused at once"
	else
		not_ok "--plot to a missing directory: refused after $((t1 - t0)) s"
	fi
	echo "the picture of before" > "$WORK/kept.svg"
	expect "--plot with a refused -E" 1 "number of entries" -- \
		$R osnoise hist --engine user -d 1 -E 5 --plot "$WORK/kept.svg"
	plot_kept "--plot of a refused run: the file stays as it was" "$WORK/kept.svg"
	if ! has_osnoise; then
		expect "--plot with the missing tracer refused" 1 "CONFIG_OSNOISE_TRACER" -- \
			$R osnoise hist --engine kernel -d 1 --plot "$WORK/kept.svg"
		plot_kept "--plot of a run refused after setup: the file stays as it was" \
			"$WORK/kept.svg"
		if [ -z "$(ls -A "$WORK" | grep -i 'kept.svg.rtlens')" ]; then
			ok "--plot of a refused run: no temporary file left"
		else
			not_ok "--plot of a refused run: no temporary file left"
		fi
	fi
}

plot_tests() {
	plot_refused_options
	plot_replays
	if [ "$(id -u)" = 0 ] && have_tracefs && [ "$(nproc)" -ge 2 ]; then
		mkdir -p "$RTLENS_RUN_DIR"
		plot_live
	fi
}
