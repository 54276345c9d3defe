# SPDX-License-Identifier: GPL-2.0
#
# 17-live-pane: the live screen of `osnoise top --aa` and `timerlat top
# --aa` in an 80x24 tmux pane (tests/tmux.sh), on the real tracer. The
# table shows and fits; a SCHED_FIFO 95 spinner started on CPU 1 partway
# (500 ms of every second) makes CPU 1's Max Single (osnoise) large; q
# (osnoise) or Ctrl-C (timerlat) ends the run with status 0 and the final
# report names the spinner among CPU 1's sources; tracefs is as it was. The
# host half (tests/vm/host/17-live-pane.sh) checks the JSON reports.
#
# The sources pane under the table (pane_checks) is checked once rtlens's
# --help names its key w and the window it cycles: a Sources line, the
# keys: status line, j selecting CPU 1, the spinner's row marked NEW within
# two refreshes of its start, its row gone within 3 s of a 1 s window
# (w) after it stopped, the pane fitted at 200x60; and with timerlat -a
# alone (no --aa), the pane too (stop_pane).
#
# Times are the tool's own: the table's duration field, read in the same
# capture as what is looked for, never the wall clock (a TCG guest on a
# loaded host refreshes late, and a capture takes long); the waits for the
# screen to get somewhere are long.

. /vm/tmux.sh

SPIN=rtl_panespin
# a row of osnoise top whose Max Single is 400 ms or more (the spinner's
# bursts are 500 ms)
BIG_SINGLE='^[ >] *1 #[0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+ +[0-9]+ +([4-9][0-9]{5}|[0-9]{7,})( |$)'
# the sources pane's words (pane_checks)
PANE_ERE='^Sources'
KEYS_ERE='^keys:'
CPU1_ERE='^(Sources|keys:).*CPU 1([^0-9]|$)'
WINDOW_1S_ERE='^(Sources|keys:).*[^0-9/]1 ?s([^0-9A-Za-z/]|$)'

# wait_duration S - until the table's duration reaches S seconds (120 s of
# wall time at most; false at once without a pane)
wait_duration()
{
	local t0 d

	t0=$(now)
	while pane > duration.txt || return 1
	      d=$(pane_duration duration.txt); [ -z "$d" ] || [ "$d" -lt "$1" ]; do
		ge "$(elapsed "$t0")" 120 && return 1
		sleep 0.2
	done
	return 0
}

# poll_pane shows|hides ERE DMAX - capture the pane every 0.2 s until a line
# of it matches ERE (shows) or none does (hides); print the table's
# duration in that capture. False once the duration passes DMAX, or after
# 120 s of wall time.
poll_pane()
{
	local t0 d seen

	t0=$(now)
	while :; do
		pane > poll.txt || return 1
		d=$(pane_duration poll.txt)
		seen=hides
		grep -qE -- "$2" poll.txt && seen=shows
		if [ "$seen" = "$1" ]; then
			echo "$d"
			return 0
		fi
		[ -n "$d" ] && [ "$d" -gt "$3" ] && return 1
		ge "$(elapsed "$t0")" 120 && return 1
		sleep 0.2
	done
}

# within NAME D0 D1 LIMIT - ok if D1 (a duration) came at most LIMIT s
# after D0
within()
{
	if [ -n "$2" ] && [ -n "$3" ] && [ $(($3 - $2)) -le "$4" ]; then
		ok "$1"
		return 0
	fi
	not_ok "$1" "from ${2:-?} s to ${3:-never} s of the table's duration; the pane:"
	pane | diag_lines
	return 1
}

# pane_checks TOOL - the sources pane, from before the spinner starts
# (SPIN_D0: the duration right after) until after it stopped
pane_checks()
{
	local tool=$1 d0 d1 i

	# without the pane, the rest cannot be looked for
	check_pane "$tool: the sources pane shows a Sources line" sources_pane_on || return 1
	check_pane "$tool: the status line shows the keys" wait_pane "$KEYS_ERE" 10
	tmx send-keys -t screen j
	check_pane "$tool: j selects CPU 1 (the pane or the status line names it)" \
		wait_pane "$CPU1_ERE" 10
	start_spinner $SPIN
	SPIN_D0=$(pane_duration)
	d1=$(poll_pane shows "$SPIN.*NEW|NEW.*$SPIN" $((SPIN_D0 + 20)))
	within "$tool: the spinner's row, marked NEW, within 2 refreshes of its start" \
		"$SPIN_D0" "$d1" 3
	# a few bursts more, then the spinner stops and the window shrinks to 1 s
	wait_duration $((SPIN_D0 + 4))
	stop_spinner
	i=0
	while ! wait_pane "$WINDOW_1S_ERE" 3 && [ $i -lt 4 ]; do
		tmx send-keys -t screen w
		i=$((i + 1))
	done
	d0=$(pane_duration)
	check_pane "$tool: w cycles the window to 1 s" wait_pane "$WINDOW_1S_ERE" 1
	d1=$(poll_pane hides "$SPIN" $((d0 + 20)))
	within "$tool: 1 s window: the stopped spinner's row leaves within 3 s" "$d0" "$d1" 3
	tmx resize-window -t screen -x 200 -y 60
	wait_duration $(($(pane_duration) + 2))
	check_pane "$tool: 200x60: the table and the pane" wait_pane "$PANE_ERE" 10
	check_pane "$tool: 200x60: fitted, no stray escape codes" screen_fits 200
}

# live_run TOOL KEY WHAT - TOOL ("osnoise top", "timerlat top") on CPU 1
# with --aa in an 80x24 pane, the spinner partway, KEY (tmux's name) to
# end it, WHAT in the checks' names
live_run()
{
	local tool=$1 key=$2 t=${1%% *}

	tmux_run 80 24 "rtlens $tool -c 1 --aa -d 60 --json $VM_RUN/$t.json"
	if check_pane "$tool: the table in an 80x24 pane" wait_pane '^CPU ' 120; then
		check_pane "$tool: 80 columns: fitted, no stray escape codes" screen_fits 80
		if has_sources_pane rtlens "$tool"; then
			# partway: once the run is longer than the pane's
			# window (10 s), so that a source can be new in it
			wait_duration 13
			pane_checks "$tool"
		else
			wait_duration 3
			diag "$tool: its --help names no key w: no sources pane yet, its checks wait for it"
			start_spinner $SPIN
			SPIN_D0=$(pane_duration)
		fi
		if [ "$t" = osnoise ]; then
			check_pane "$tool: the spinner makes CPU 1's Max Single >= 400 ms" \
				poll_pane shows "$BIG_SINGLE" $((SPIN_D0 + 20))
		fi
		# a few bursts for the report (pane_checks stopped its spinner)
		wait_duration $((SPIN_D0 + 4))
		stop_spinner
		tmx send-keys -t screen "$key"
		check_pane "$tool: $3 ends the run, exit 0" wait_pane '^EXIT=0$' 60
	fi
	stop_spinner
	pane_history > $t.history
	# the final report's table of CPU 1's sources (after the live frames)
	sed -En '/^CPU 1 (noise|latency) sources/,/^  total/p' $t.history > $t.sources
	check_grep "$tool: the report names the spinner among CPU 1's sources" "$SPIN" $t.sources
	tail -n 150 $t.history > $t.report
	emit_file $t.report
	[ -f "$VM_RUN/$t.json" ] && emit_file "$VM_RUN/$t.json"
	tmx kill-server 2>/dev/null
	check_restored "$tool: tracefs restored" "$VM_BEFORE" || tracefs_restore "$VM_BEFORE"
}

# stop_pane - timerlat top -a, without --aa: on the live screen its
# analysis reads the events as they come (not its flight recorder at the
# stop alone), and the pane shows the sources, their "not explained" row
# among them; q ends it, exit 0, tracefs as it was
stop_pane()
{
	tmux_run 80 24 "rtlens timerlat top -c 1 -a 1000000 -d 60"
	check_pane "timerlat top -a: the sources pane, without --aa" wait_pane '^Sources of' 120 &&
		check_pane "timerlat top -a: the pane's rows, not explained among them" \
			wait_pane '^  not explained +[0-9]+ us' 20
	tmx send-keys -t screen q
	check_pane "timerlat top -a: q ends the run, exit 0" wait_pane '^EXIT=0$' 60
	tmx kill-server 2>/dev/null
	check_restored "timerlat top -a: tracefs restored" "$VM_BEFORE" || tracefs_restore "$VM_BEFORE"
}

if ! command -v tmux > /dev/null; then
	not_ok "tmux in the guest" "the host has none (scripts/setup.sh test installs it)"
	exit 0
fi
live_run "osnoise top" q q
live_run "timerlat top" C-c Ctrl-C
has_sources_pane rtlens "timerlat top" && stop_pane
:
