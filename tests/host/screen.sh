# SPDX-License-Identifier: GPL-2.0
#
# The live screen in a real terminal, sourced by tests/host/run.sh (ok,
# not_ok, snapshot, $R, $WORK): `osnoise top` and `timerlat top` run in a
# tmux pane (the user engine on this kernel); the keys q, p and r, a resize
# to 80x24 and to 200 columns, Ctrl-C; the screen fits the pane, has no
# stray escape codes, and the terminal and tracefs are as they were after.
# In a pane too short for the CPUs' rows, the rows scroll under the
# columns' header with PgDn/PgUp and g/G, and to the row j/k select. With
# --aa, the sources pane names a spinner as it comes and goes.

# tmx, pane, wait_pane, screen_fits, check_pane (tests/tmux.sh, the VM's
# guest scripts' too)
. "$ROOT/tests/tmux.sh"

# screen_run TOOL [ROWS [CPUS [ARGS]]]: start "rtlens TOOL -c CPUS ARGS"
# (CPU 1) in an 80xROWS pane (24), then report its end
screen_run() {
	tmux_start 80 "${2:-24}" \
		"$R $1 -c ${3:-1} -d 120 ${4:-}; echo \"EXIT=\$?\"; stty -a | tr ' ;' '\n\n' | grep -x -e echo -e -echo -e icanon -e -icanon | tr '\n' ' '; echo; sleep 120"
}

# shows_row CPU: the pane shows that CPU's row and no other CPU's
shows_row() {
	pane > "$WORK/pane.txt"
	grep -qE "^[ >] *$1 #" "$WORK/pane.txt" && [ "$(grep -cE '^[ >] *[0-9]+ #' "$WORK/pane.txt")" = 1 ]
}

# wait_row CPU: until the pane shows that row alone (2 s: a key redraws at once)
wait_row() {
	local i

	for i in $(seq 10); do
		shows_row "$1" && return 0
		sleep 0.2
	done
	return 1
}

# screen_scroll_tests_of TOOL ROWS: CPUs 0 and 1 in an 80xROWS pane, room
# for one row under the header (osnoise's: 3 lines; timerlat's: 3, and 2
# of summary below, left out first): the keys move it, the status line
# says which
screen_scroll_tests_of() {
	local tool=$1 rows=$2 name key want jw=0

	screen_run "$tool" "$rows" 0,1
	name="screen $tool: $rows rows: the columns' header, CPU 0's row, the status line"
	check_pane "$name" wait_pane '^rows 1-1 of 2: ' 60
	check_pane "$name" wait_row 0
	check_pane "$name" wait_pane '^CPU ' 1
	# j selects the first row, then each key moves the selection or scrolls
	for key in j j k Down Up NPage PPage G g End Home; do
		tmx send-keys -t screen "$key"
		case $key in
		Down|NPage|G|End) want=1 ;;
		j) want=$jw; jw=1 ;;
		*) want=0 ;;
		esac
		name="screen $tool: $key shows CPU $want's row"
		check_pane "$name" wait_row $want
	done
	name="screen $tool: $rows rows: fitted, no stray escape codes"
	check_pane "$name" screen_fits 80
	tmx send-keys -t screen q
	name="screen $tool: q after scrolling ends the run, exit 0"
	check_pane "$name" wait_pane '^EXIT=0' 30
	tmx kill-server 2>/dev/null
}

# tracefs_as_before NAME BEFORE: tracefs as the snapshot BEFORE found it
tracefs_as_before() {
	snapshot "$2.after"
	if cmp -s "$2" "$2.after"; then
		ok "$1: tracefs as it was"
	else
		not_ok "$1: tracefs as it was"
		diff "$2" "$2.after" | sed 's/^/#   /'
	fi
}

# screen_tests_of TOOL [ARGS]: with ARGS "--aa --json FILE", the report
# after r and Ctrl-C validates: the sources cover the table's time
screen_tests_of() {
	local tool=$1 args=${2:-} name json

	json=$(printf '%s\n' "$args" | sed -n 's/.*--json \([^ ]*\).*/\1/p')
	snapshot "$WORK/screen-before"
	screen_run "$tool" 24 1 "$args"
	name="screen $tool: the table in an 80x24 pane"
	check_pane "$name" wait_pane '^CPU ' 60
	name="screen $tool: 80 columns: fitted, no stray escape codes"
	check_pane "$name" screen_fits 80
	tmx send-keys -t screen p
	name="screen $tool: p pauses"
	check_pane "$name" wait_pane 'paused: p resumes' 10
	tmx send-keys -t screen p
	sleep 2.5
	name="screen $tool: p again resumes"
	check_pane "$name" sh -c "! tmux -L $TMUX_SOCK capture-pane -p -J -t screen | grep -q 'paused:'"
	sleep 2
	tmx send-keys -t screen r
	name="screen $tool: r resets the counts"
	check_pane "$name" wait_pane ' 0 00:00:0[0-2] ' 5
	tmx resize-window -t screen -x 200 -y 50
	sleep 2.5
	name="screen $tool: 200 columns: redrawn, fitted"
	check_pane "$name" wait_pane '^CPU ' 5
	check_pane "$name" screen_fits 200
	tmx send-keys -t screen C-c
	name="screen $tool: Ctrl-C ends the run, exit 0"
	check_pane "$name" wait_pane '^EXIT=0' 30
	name="screen $tool: the terminal is as it was (echo, icanon)"
	check_pane "$name" wait_pane '^icanon echo' 5
	[ -z "$json" ] ||
		json_valid "screen $tool --aa: after r and Ctrl-C, the sources add up to the table's noise" "$json"
	tmx kill-server 2>/dev/null
	tracefs_as_before "screen $tool" "$WORK/screen-before"
}

# wait_seconds N: until the table's duration reaches N s
wait_seconds() {
	local i t

	for i in $(seq 300); do
		t=$(pane_duration)
		[ -n "$t" ] && [ "$t" -ge "$1" ] && return 0
		sleep 0.2
	done
	return 1
}

# refreshes_until CMD...: the table's seconds that pass until CMD holds
# (polled every 0.2 s for up to 60 s; 999 when it never does)
refreshes_until() {
	local t0 i

	t0=$(pane_duration)
	for i in $(seq 300); do
		if "$@"; then
			echo $(($(pane_duration) - t0))
			return
		fi
		sleep 0.2
	done
	echo 999
}

pane_names() { pane | grep -qE -- "$1"; }
report_names() { pane_history | grep -qE -- "$1"; }
pane_lacks() { ! pane | grep -qE -- "$1"; }

# within NAME SECONDS LIMIT: SECONDS of the table's time is at most LIMIT
within() {
	if [ "$2" -le "$3" ]; then ok "$1 ($2 s)"; else not_ok "$1 ($2 s, limit $3)"; pane | sed 's/^/#   /' | head -30; fi
}

# screen_pane_tests_of TOOL PRIO: the sources pane of TOOL --aa on CPU 1,
# with a spinner (rtl_pane, SCHED_FIFO PRIO, 40 % of 100 ms: at 99 it
# blocks timerlat's thread, of priority 95) started once the run is longer than
# the pane's 10 s window: named and marked NEW within 2 refreshes (3 s of
# the table's time, its seconds cut down), gone from the 1 s window
# within 2 refreshes of its end; the keys select, sort, cycle, help
screen_pane_tests_of() {
	local tool=$1 prio=$2 name t spin

	snapshot "$WORK/pane-before"
	screen_run "$tool --aa" 24 1
	name="pane $tool: the sources pane under the table, the keys' line"
	check_pane "$name" wait_pane '^Sources of CPU 1, last 10 s' 60
	check_pane "$name" wait_pane '^keys: \? help' 1
	wait_seconds 13
	"$HELPERS/spin" -c 1 -p "$prio" -n rtl_pane -d 6 --duty 40 --period-ms 100 > /dev/null &
	spin=$!
	t=$(refreshes_until pane_names '^  [a-z ]*rtl_pane.* NEW$')
	within "pane $tool: the spinner named and marked NEW" "$t" 3
	wait "$spin"
	for key in w w w; do tmx send-keys -t screen "$key"; done
	name="pane $tool: w three times: the 1 s window"
	check_pane "$name" wait_pane 'w window: 1 s' 5
	t=$(refreshes_until pane_lacks 'rtl_pane')
	within "pane $tool: the spinner leaves the 1 s window" "$t" 3
	tmx send-keys -t screen j
	name="pane $tool: j selects CPU 1"
	check_pane "$name" wait_pane 'select: CPU 1' 5
	tmx send-keys -t screen o
	name="pane $tool: o sorts the rows otherwise"
	check_pane "$name" wait_pane 'sort: (noise|latency)' 5
	tmx send-keys -t screen Escape
	name="pane $tool: Esc selects none"
	check_pane "$name" wait_pane 'select: none' 5
	tmx send-keys -t screen '?'
	name="pane $tool: ? shows the keys"
	check_pane "$name" wait_pane '^Keys \(\? again closes' 5
	tmx send-keys -t screen '?'
	tmx send-keys -t screen s
	name="pane $tool: s hides the pane"
	check_pane "$name" sh -c "sleep 1.5; ! tmux -L $TMUX_SOCK capture-pane -p -J -t screen | grep -qE '^(Sources|Keys)'"
	tmx send-keys -t screen s
	tmx resize-window -t screen -x 200 -y 60
	name="pane $tool: 200x60: the pane again, fitted"
	check_pane "$name" wait_pane '^Sources of CPU 1' 5
	check_pane "$name" screen_fits 200
	tmx send-keys -t screen q
	name="pane $tool: q ends the run, exit 0, the report names the spinner"
	check_pane "$name" wait_pane '^EXIT=0' 30
	check_pane "$name" report_names 'rtl_pane'
	tmx kill-server 2>/dev/null
	tracefs_as_before "pane $tool" "$WORK/pane-before"
}

screen_tests() {
	local name

	if ! command -v tmux > /dev/null; then
		not_ok "screen: tmux is missing (scripts/setup.sh test installs it)"
		return
	fi
	screen_tests_of "osnoise top" "--aa --json $WORK/screen-osnoise.json"
	screen_tests_of "timerlat top"
	screen_pane_tests_of "osnoise top" 10
	screen_pane_tests_of "timerlat top" 99
	screen_scroll_tests_of "osnoise top -r 100000" 5
	screen_scroll_tests_of "timerlat top" 6
	screen_run "osnoise top"
	name="screen: q quits, exit 0"
	wait_pane '^CPU ' 60 && tmx send-keys -t screen q
	check_pane "$name" wait_pane '^EXIT=0' 30
	tmx kill-server 2>/dev/null
}
