# SPDX-License-Identifier: GPL-2.0
#
# Host tests of tracefs's mount, sourced by tests/host/run.sh (ok, not_ok,
# $R, $WORK, $TRACING). A machine may boot without tracefs mounted
# (containers, minimal images: no systemd mount unit). rtlens then mounts
# it for the run and unmounts it at the end, as it puts back whatever else
# it changes; a run killed meanwhile leaves a note that the next run in the
# same mount namespace acts on. Each case runs in a mount namespace of its
# own (unshare -m) where tracefs and debugfs start unmounted, so the
# machine's own mounts are never touched, whatever they are.
#
# mount_case NAME SCRIPT: SCRIPT runs in such a namespace with bash, $R
# and $TRACING set; it prints what it checks, "ok" as its last line when
# all held.

mount_case()
{
	local name=$1 out

	out=$(cd "$WORK" && R="$R" TRACING="$TRACING" unshare -m --propagation private bash -c '
		umount "$TRACING" 2>/dev/null; umount /sys/kernel/debug 2>/dev/null
		mounted() { grep -q " tracefs " /proc/self/mounts; }
		if mounted || grep -q " debugfs " /proc/self/mounts; then
			echo "cannot unmount tracefs and debugfs here"; exit 0
		fi
		'"$2" 2>&1)
	if [ "$(tail -n 1 <<<"$out")" = ok ]; then
		ok "$name"
	elif grep -q '^cannot unmount' <<<"$out"; then
		ok "$name # SKIP $out"
	else
		not_ok "$name"
		echo "$out" | sed 's/^/#   /' | head -30
	fi
	if grep -qE 'Sanitizer|runtime error' <<<"$out"; then
		not_ok "$name: sanitizer report"
	fi
}

mount_tests()
{
	if [ "$(id -u)" != 0 ] || ! command -v unshare > /dev/null; then
		ok "tracefs's mount # SKIP needs root and unshare"
		return
	fi
	export RTLENS_RUN_DIR=$WORK/run-mount
	mkdir -p "$RTLENS_RUN_DIR"

	mount_case "tracefs unmounted: mounted for the run, unmounted at its end" '
		$R osnoise top -c 1 -d 1 -q > out 2>&1 || { cat out; exit 1; }
		grep -q "Operating System Noise" out || { cat out; exit 1; }
		mounted && { echo "tracefs left mounted"; exit 1; }
		[ -e "$RTLENS_RUN_DIR/mount" ] && { echo "the note is left"; exit 1; }
		echo ok'

	mount_case "tracefs unmounted: a refused run unmounts it too" '
		$R osnoise top -c 1 -d 1 -q --json /nonexistent/dir/x.json > out 2>&1
		rc=$?
		[ $rc = 1 ] || { echo "exit $rc, want 1"; cat out; exit 1; }
		mounted && { echo "tracefs left mounted"; cat out; exit 1; }
		echo ok'

	mount_case "tracefs unmounted: killed with -9, the next run unmounts it" '
		$R osnoise top -c 1 -d 60 -q > /dev/null 2>&1 &
		pid=$!
		for i in $(seq 600); do
			[ -d "$TRACING/instances/rtlens-$pid" ] && break
			sleep 0.1
		done
		kill -9 $pid; wait $pid 2>/dev/null
		mounted || { echo "no tracefs while the run was killed"; exit 1; }
		[ -s "$RTLENS_RUN_DIR/mount" ] || { echo "no note left by the killed run"; exit 1; }
		$R osnoise top -c 1 -d 1 -q > out 2>&1 || { cat out; exit 1; }
		grep -q "tracefs was mounted by a killed session" out || { cat out; exit 1; }
		mounted && { echo "tracefs left mounted"; cat out; exit 1; }
		mount -t tracefs nodev "$TRACING"
		ls "$TRACING/instances" | grep -q "^rtlens-$pid" && { echo "instance left"; exit 1; }
		umount "$TRACING"
		echo ok'

	mount_case "tracefs in use by another program at the end: left mounted, said" '
		$R osnoise top -c 1 -d 3 -q > out 2>&1 &
		pid=$!
		for i in $(seq 600); do mounted && break; sleep 0.05; done
		exec 3< "$TRACING/README"
		wait $pid || { cat out; exit 1; }
		grep -q "tracefs stays mounted at $TRACING.*another program uses it" out ||
			{ cat out; exit 1; }
		exec 3<&-
		umount "$TRACING" || { echo "cannot unmount after the reader"; exit 1; }
		echo ok'

	mount_case "a killed run's note of another namespace is not acted on" '
		echo "tracefs $TRACING 1 1" > "$RTLENS_RUN_DIR/mount"
		mount -t tracefs nodev "$TRACING"
		$R osnoise top -c 1 -d 1 -q > out 2>&1 || { cat out; exit 1; }
		mounted || { echo "tracefs mounted before the run was unmounted"; exit 1; }
		grep -q "killed session" out && { cat out; exit 1; }
		rm -f "$RTLENS_RUN_DIR/mount"
		echo ok'
	export RTLENS_RUN_DIR=$WORK/run
}
