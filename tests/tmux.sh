# SPDX-License-Identifier: GPL-2.0
#
# tests/tmux.sh - the live screen in a tmux pane: a person at a terminal for
# the tests. Sourced by the host tests (tests/host/screen.sh, bash), by the
# VM's guest scripts and benches (/vm/tmux.sh in the guest, busybox ash:
# POSIX sh and `local` only) and by bench/live-pane.sh on the host.
#
# Each sourcing shell has its own tmux server (socket TMUX_SOCK) with one
# session, `screen`. ok and not_ok are the caller's (tests/host/run.sh's, or
# tests/vm/lib.sh's); the diagnostics go through diag_lines where lib.sh
# defines it, else to stdout as "#   " lines. Files go to TMUX_TMP ($WORK on
# the host, the script's $VM_RUN in the guest).
#
#   tmux_start COLS ROWS CMD     CMD (a shell command) in a new COLSxROWS pane
#   tmux_run COLS ROWS CMD       the same, then a line EXIT=CMD's exit status
#   tmx ARGS...                  tmux on the session's socket
#   pane / pane_history          the pane's text; with its scrollback
#   wait_pane ERE SECONDS        until a line of the pane matches
#   screen_fits COLS             no line wider than COLS, no escape code
#   check_pane NAME CMD...       ok NAME if CMD succeeds, else not ok and
#                                what CMD said and the pane as diagnostics
#   pane_duration [FILE]         the seconds of the table's duration field
#   has_sources_pane RTLENS TOOL the live screen has the sources pane
#   sources_pane_on              the pane shown (s if it is not)
#   screen_cputime NAME SECONDS CMD...  CMD in an 80x24 pane under cputime

: "${TMUX_SOCK:=rtlens-test-$$}"
: "${TMUX_TMP:=${WORK:-${VM_RUN:-/tmp}}}"

tmx() { tmux -L "$TMUX_SOCK" "$@"; }

# tmux_start COLS ROWS CMD: a fresh server with CMD alone in a COLSxROWS
# pane, which stays when CMD has ended (with what CMD printed, until
# tmx kill-server)
tmux_start() {
	tmx kill-server 2>/dev/null
	tmx new-session -d -s screen -x "$1" -y "$2" "$3" \; set-option -w remain-on-exit on
}

# tmux_run COLS ROWS CMD: tmux_start with CMD followed by a line EXIT=its
# exit status. The pane's shell lives through a Ctrl-C meant for CMD (busybox
# ash would die of it, its line unwritten); CMD gets SIGINT's default.
tmux_run() {
	tmux_start "$1" "$2" "trap : INT; $3; echo EXIT=\$?"
}

# the pane's text, wrapped lines joined (a line longer than the pane wrapped)
pane() { tmx capture-pane -p -J -t screen; }

# the same with every line that scrolled off the top (a report after the run)
pane_history() { tmx capture-pane -p -J -S - -t screen; }

# wait_pane ERE SECONDS: until the pane shows a line matching ERE; false
# after SECONDS of wall time (a loaded machine's capture is slow: not counted
# in turns), or at once when there is no pane (the server is gone)
wait_pane() {
	local t0

	t0=$(date +%s)
	while pane > "$TMUX_TMP/wait_pane.txt"; do
		grep -qE -- "$1" "$TMUX_TMP/wait_pane.txt" && return 0
		[ $(($(date +%s) - t0)) -ge "$2" ] && return 1
		sleep 0.2
	done
	return 1
}

# tmux_diag: stdin as diagnostics
tmux_diag() {
	if command -v diag_lines > /dev/null 2>&1; then
		diag_lines
	else
		sed 's/^/#   /'
	fi
}

# screen_fits COLS: no line wider than the pane (in characters: UTF-8's
# continuation bytes are not counted), no escape code left in the text (an
# ESC, or what follows one: "[0m", "[1;31m", "[m", "[H", "[2J"; not a unit
# in brackets, "[ms]"); what is wrong on stdout
screen_fits() {
	local esc

	esc=$(printf '\033')
	pane > "$TMUX_TMP/pane.txt"
	if LC_ALL=C tr -d '\200-\277' < "$TMUX_TMP/pane.txt" |
	   awk -v w="$1" 'length($0) > w { print; bad = 1 } END { exit !bad }' \
		> "$TMUX_TMP/pane.wide"; then
		echo "a line wider than $1 columns:"
		head -n 3 "$TMUX_TMP/pane.wide"
		return 1
	fi
	if grep -E "$esc|\\[[0-9;]+m|\\[m([^a-z]|\$)|\\[H|\\[2J" "$TMUX_TMP/pane.txt" > "$TMUX_TMP/pane.esc"; then
		echo "stray escape codes:"
		head -n 3 "$TMUX_TMP/pane.esc" | cat -v
		return 1
	fi
	return 0
}

# check_pane NAME CMD...: ok NAME when CMD succeeds; else not ok, with what
# CMD printed and the pane's first 30 lines
check_pane() {
	local name=$1

	shift
	if "$@" > "$TMUX_TMP/check_pane.out" 2>&1; then
		ok "$name"
		return 0
	fi
	not_ok "$name"
	{
		cat "$TMUX_TMP/check_pane.out"
		echo "the pane:"
		pane | head -n 30
	} | tmux_diag
	return 1
}

# pane_duration [FILE]: the seconds of the duration the table shows
# (osnoise's "duration:   0 00:00:07 | ...", timerlat's "  0 00:00:07   |
# ..."), in its first lines, in the pane or in FILE (a capture of it);
# nothing if there is none yet
pane_duration() {
	if [ $# -gt 0 ]; then cat "$1"; else pane; fi | awk 'NR <= 4 && match($0, /[0-9]+ [0-9][0-9]:[0-9][0-9]:[0-9][0-9]/) {
		split(substr($0, RSTART, RLENGTH), t, /[ :]/)
		print ((t[1] * 24 + t[2]) * 60 + t[3]) * 60 + t[4]
		exit
	}'
}

# has_sources_pane RTLENS TOOL: TOOL ("osnoise top", "timerlat top") of the
# rtlens binary RTLENS has the sources pane: its --help names the key w and
# the window it cycles
has_sources_pane() {
	$1 $2 --help 2>&1 | grep -Eq '(^|[^[:alnum:]_-])w([^[:alnum:]_-].*)?[Ww]indow'
}

# sources_pane_on: the pane shows a Sources line, after s if it did not
# within 5 s
sources_pane_on() {
	wait_pane '^Sources' 5 && return 0
	tmx send-keys -t screen s
	wait_pane '^Sources' 10
}

# screen_cputime NAME SECONDS CMD...: CMD on the live screen, in an 80x24
# pane, under cputime (NAME.time: its CPU time and exit status, in the
# current directory), with the sources pane on if SCREEN_PANE is set, until
# it ends (SECONDS of wall time at most, then it is sent Ctrl-C); the pane
# with its scrollback in NAME.txt, stderr in NAME.err. Its exit status, 124
# if it did not end.
screen_cputime() {
	local name=$1 secs=$2 rc

	shift 2
	rm -f "$name.time"
	# the end is awaited with wait-for, not by reading the pane over and
	# over: that would cost the machine more than the screen does
	tmux_run 80 24 "cputime -o '$PWD/$name.time' $* 2> '$PWD/$name.err'; rc=\$?; tmux wait-for -S ended; (exit \$rc)"
	# the pane is looked at once, a few seconds in (on by default with the
	# analysis): reading it over and over would cost the CPU that the
	# command shares under TCG, and count in its time
	if [ -n "${SCREEN_PANE:-}" ]; then
		sleep 5
		sources_pane_on
	fi
	# (busybox's timeout exits 0 when it stops its command: the pane says)
	timeout "$secs" tmux -L "$TMUX_SOCK" wait-for ended
	wait_pane '^EXIT=[0-9]+$' 5 || {
		tmx send-keys -t screen C-c
		wait_pane '^EXIT=[0-9]+$' 60
	}
	pane_history > "$name.txt"
	rc=$(sed -n 's/^EXIT=\([0-9]*\)$/\1/p' "$name.txt" | tail -n 1)
	tmx kill-server 2>/dev/null
	return "${rc:-124}"
}
