#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/vm/run.sh - real-kernel tests: boot Debian's PREEMPT_RT kernel under
# QEMU (TCG, never KVM), run the guest test scripts in ONE boot, collect the
# results and artifacts.  See tests/vm/README.md for the layout, the
# protocol and what was observed of rtla 6.1 on that kernel.
#
#   tests/vm/run.sh [SCRIPT...]      (from anywhere; `make vm-check`)
#   tests/vm/run.sh --kernel-path    (print the vmlinuz it boots, fetched)
#
# SCRIPT: a guest script, as a path or relative to tests/vm/ or
# tests/vm/guest/ (default: every tests/vm/guest/*.sh, in order).
#
# Environment:
#   RTLENS_VM_CACHE   cache of the kernel and initramfs (.cache/vm/)
#   RTLENS_VM_DIR     results directory (build/vm/): out/, console.log...
#   RTLENS_VM_SMP     guest CPUs (4)
#   RTLENS_VM_TCG     TCG threading: multi (one host thread per vCPU) or
#                     single (all vCPUs on one host thread) (single)
#   RTLENS_VM_MEM     guest memory (1G)
#   RTLENS_VM_CPU     QEMU's -cpu (max: AMD, with SVM and NPT under TCG)
#   RTLENS_VM_TIMEOUT seconds before the boot is killed (900)
#   RTLENS_VM_SCRIPT_TIMEOUT  seconds per guest script (300)
#   RTLENS_VM_STALL   seconds of silence on the result port before the
#                     guest is taken for frozen and killed (script timeout+120)
#   RTLENS_VM_EXTRA   more guest scripts, space separated, run after SCRIPTs
#   RTLENS_VM_KERNEL  a vmlinuz to boot instead of Debian's rt kernel
#   RTLENS_VM_APPEND  more kernel command line
#   RTLENS_VM_QEMU_ARGS  more QEMU arguments (split at spaces)
#   RTLENS_VM_FILES   more files for the guest, space separated: each
#                     lands in /vm/files/ under its own name (a test
#                     module built for the kernel, say)
#   RTLENS_VM_COMPANION  a host command run beside the guest, from when
#                     QEMU starts (QEMU_PID, VM_DIR, VM_OUT set) until the
#                     guest ends (then SIGTERM); its output goes to
#                     $RTLENS_VM_DIR/companion.log
#   RTLENS_BIN        the rtlens binary to test (./rtlens)
#   RTLENS_VM_RTLA    the reference rtla (/usr/bin/rtla)
#   RTLENS_VM_RTLA_ROOT  instead, an unpacked rtla of another release with
#                     its libraries (tests/vm/backports.sh): usr/bin/rtla and
#                     usr/lib/x86_64-linux-gnu/, run through its own ld.so
#   RTLENS_GUEST_*    passed to the guest scripts as they are
#
# Needs (Debian packages): qemu-system-x86 busybox-static cpio rtla
# python3-jsonschema tmux, plus apt (apt-cache/apt-get download), dpkg, gcc and
# libc6-dev (static helpers), util-linux (flock), coreutils and gzip.
#
# Facts seen on Debian's 6.1 rt kernel with rtla 6.1 (details: README.md):
# - boot to the first guest line: ~6 s of guest time, ~10 s of wall time;
#   every rtla run adds 4-6 s of setup to its -d (`-d 5`: 8-17 s of wall).
# - osnoise/ holds cpus options period_us runtime_us stop_tracing_us
#   stop_tracing_total_us timerlat_period_us print_stack; options reads
#   "DEFAULTS OSNOISE_WORKLOAD NO_PANIC_ON_STOP NO_OSNOISE_PREEMPT_DISABLE
#   NO_OSNOISE_IRQ_DISABLE"; no timerlat_fd.
# - rtla 6.1 exits 0 when a -s/-S/-a stop hits (top: "osnoise hit stop
#   tracing", hist: "rtla osnoise hit stop tracing"), 0 on SIGINT, 0 on an
#   unknown option, 1 on a bad -c; SIGTERM kills it (143) and leaves its
#   instance and osnoise/cpus behind.  -t needs -t=FILE.
# - TCG noise: 7-35% of a CPU, single gaps up to ~130 ms: tests inject
#   500 ms bursts and check lower bounds only.
# - results and the scripts' output come through isa-debugcon ports (0xe9,
#   0xe8), not a serial port: the rt kernel's interrupt-driven 8250 writes
#   were fragile under TCG (noirqdebug still keeps it from disabling the
#   console's IRQ).
# - multi-threaded TCG (4 vCPUs on 2 host cores) froze the guest in about
#   half the boots, inside a tracepoint patch (tests/vm/README.md); TCG runs
#   single-threaded by default.

set -uo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$top" || exit 1

CACHE=${RTLENS_VM_CACHE:-.cache/vm}
VM_DIR=${RTLENS_VM_DIR:-build/vm}
SMP=${RTLENS_VM_SMP:-4}
TCG_THREAD=${RTLENS_VM_TCG:-single}
MEM=${RTLENS_VM_MEM:-1G}
CPU=${RTLENS_VM_CPU:-max}
TIMEOUT=${RTLENS_VM_TIMEOUT:-900}
SCRIPT_TIMEOUT=${RTLENS_VM_SCRIPT_TIMEOUT:-300}
STALL=${RTLENS_VM_STALL:-$((SCRIPT_TIMEOUT + 120))}
RTLENS=${RTLENS_BIN:-./rtlens}
RTLA=${RTLENS_VM_RTLA:-/usr/bin/rtla}
KERNEL_META=linux-image-rt-amd64

OUT=$VM_DIR/out
TAP=$VM_DIR/tap.log
CONSOLE=$VM_DIR/console.log
RESULTS=$VM_DIR/results.log

log()
{
	printf '%s\n' "$*" >&2
}

# A failure before any test could run: one failed test line, the summary,
# exit 1.  Never a silent skip.
fatal()
{
	printf 'not ok 1 - vm: %s\n' "$1"
	shift
	for l in "$@"; do
		printf '# %s\n' "$l"
	done
	echo '0 passed, 1 failed'
	exit 1
}

usage()
{
	sed -n '/^#   tests/,/^#   RTLENS_VM_RTLA /s/^# \{0,1\}//p' "$0"
	exit "$1"
}

# --- scripts ---------------------------------------------------------------

resolve_script()
{
	local s=$1

	for p in "$s" "tests/vm/$s" "tests/vm/guest/$s" "tests/vm/guest/$s.sh"; do
		if [ -f "$p" ]; then
			echo "$p"
			return 0
		fi
	done
	return 1
}

select_scripts()
{
	local s p

	SCRIPTS=()
	if [ $# -eq 0 ]; then
		for p in tests/vm/guest/*.sh; do
			[ -f "$p" ] && SCRIPTS+=("$p")
		done
	fi
	for s in "$@" ${RTLENS_VM_EXTRA:-}; do
		p=$(resolve_script "$s") || fatal "no such guest script: $s"
		SCRIPTS+=("$p")
	done
	[ ${#SCRIPTS[@]} -gt 0 ] || fatal "no guest script to run"
	# names must be unique: they name the results and artifacts
	local dup
	dup=$(for p in "${SCRIPTS[@]}"; do basename "$p"; done | sort | uniq -d)
	[ -z "$dup" ] || fatal "two guest scripts are named $dup"
}

# --- kernel ----------------------------------------------------------------

# The package linux-image-rt-amd64 depends on today (e.g.
# linux-image-6.1.0-56-rt-amd64), from the local apt lists.
resolve_kernel_pkg()
{
	apt-cache depends "$KERNEL_META" 2>/dev/null |
		awk '$1 == "Depends:" && $2 ~ /^linux-image-[0-9]/ { print $2; exit }'
}

# The modules a nested KVM guest needs (guest/70-kvm-host.sh), in load
# order (TCG emulates AMD's SVM for `-cpu max`), msr, to read the SMI
# counter (tests/zoo/), and the zoo's virtio disk's, in load order (6.1
# builds virtio as modules; the newest kernels, but virtio_blk, build it in)
MODULES="irqbypass ccp kvm kvm-amd msr"
MODULES_OPTIONAL="virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci
virtio_blk"

module_members()
{
	local m

	for m in $MODULES $MODULES_OPTIONAL; do
		printf "./lib/modules/*/%s.ko* " "$m"
	done
}

# every module of MODULES is in the cache directory $1
have_modules()
{
	local m

	for m in $MODULES virtio_blk; do
		ls "$1/$m.ko"* > /dev/null 2>&1 || return 1
	done
}

# Sets KERNEL to the vmlinuz to boot, downloading Debian's rt kernel
# package into the cache once.
fetch_kernel()
{
	local pkg dir tmp deb

	if [ -n "${RTLENS_VM_KERNEL:-}" ]; then
		[ -f "$RTLENS_VM_KERNEL" ] ||
			fatal "RTLENS_VM_KERNEL: no such file: $RTLENS_VM_KERNEL"
		KERNEL=$RTLENS_VM_KERNEL
		return
	fi
	pkg=$(resolve_kernel_pkg)
	if [ -z "$pkg" ]; then
		# no apt lists: a kernel cached earlier still does
		dir=$(ls -d "$CACHE"/kernel/linux-image-* 2>/dev/null | sort -V | tail -n 1)
		[ -n "$dir" ] ||
			fatal "cannot resolve $KERNEL_META with apt-cache" \
			      "the apt lists may be missing: run 'apt-get update'"
		log "# apt-cache cannot resolve $KERNEL_META: using the cached ${dir##*/}"
		pkg=${dir##*/}
	fi
	dir=$CACHE/kernel/$pkg
	KERNEL=$(ls "$dir"/boot/vmlinuz-* 2>/dev/null | head -n 1)
	[ -n "$KERNEL" ] && have_modules "$dir/modules" && return

	log "# downloading $pkg (Debian's PREEMPT_RT kernel) into $CACHE"
	tmp=$CACHE/download.$$
	rm -rf "$tmp"
	mkdir -p "$tmp" "$CACHE/kernel"
	if ! (cd "$tmp" && apt-get download "$pkg") > "$tmp.log" 2>&1; then
		local msg
		msg=$(tail -n 5 "$tmp.log")
		rm -rf "$tmp" "$tmp.log"
		fatal "apt-get download $pkg failed" "$msg"
	fi
	deb=$(ls "$tmp"/*.deb 2>/dev/null | head -n 1)
	mkdir -p "$tmp/x"
	# dpkg -x, limited to ./boot and the modules of MODULES: the others
	# are not needed (the serial driver is built in) and are ~400 MB
	if [ -z "$deb" ] ||
	   ! dpkg-deb --fsys-tarfile "$deb" |
	     tar -x -C "$tmp/x" --wildcards ./boot $(module_members); then
		rm -rf "$tmp" "$tmp.log"
		fatal "cannot unpack the kernel package $pkg"
	fi
	rm -rf "$dir"
	mkdir -p "$dir/modules"
	mv "$tmp/x/boot" "$dir/boot"
	find "$tmp/x" -name '*.ko*' -exec mv {} "$dir/modules/" \;
	rm -rf "$tmp" "$tmp.log"
	KERNEL=$(ls "$dir"/boot/vmlinuz-* 2>/dev/null | head -n 1)
	[ -n "$KERNEL" ] || fatal "no vmlinuz in $pkg"
}

# --- initramfs -------------------------------------------------------------

is_elf()
{
	[ "$(od -An -tx1 -N4 "$1" 2>/dev/null | tr -d ' \n')" = 7f454c46 ]
}

# The ELF behind a command: itself, or for a wrapper script (as Ubuntu's
# /usr/bin/rtla, which picks /usr/lib/linux-tools/$(uname -r)/rtla) the
# newest versioned binary of the same name.
real_elf()
{
	local cmd=$1 p name

	p=$(command -v "$cmd" 2>/dev/null) || return 1
	p=$(readlink -f "$p")
	if is_elf "$p"; then
		echo "$p"
		return 0
	fi
	name=${p##*/}
	for p in $(ls -d /usr/lib/linux-tools*/"$name" \
			 /usr/lib/linux-tools*/*/"$name" \
			 /usr/libexec/*/"$name" 2>/dev/null | sort -V -r); do
		if is_elf "$p"; then
			echo "$p"
			return 0
		fi
	done
	return 1
}

# copy_elf SRC DEST: SRC into the initramfs as DEST, with every library
# ldd lists for it (and the dynamic loader) at the same path as here.
copy_elf()
{
	local src=$1 dest=$2 lib

	install -D -m 0755 "$src" "$ROOT/$dest" || return 1
	ldd "$src" 2>/dev/null | grep -q 'not found' && {
		log "error: $src: missing libraries:"
		ldd "$src" | grep 'not found' >&2
		return 1
	}
	for lib in $(ldd "$src" 2>/dev/null |
		     awk '$2 == "=>" && $3 ~ /^\// { print $3 }
			  $1 ~ /^\// { print $1 }'); do
		[ -e "$ROOT$lib" ] || install -D -m 0755 "$(readlink -f "$lib")" "$ROOT$lib"
	done
}

# copy_foreign_rtla DIR: an rtla built for a newer libc, with the libraries
# of its release under /opt/rtla/lib, and /usr/bin/rtla a script that runs
# it through that libc's dynamic loader
copy_foreign_rtla()
{
	local dir=$1 lib=$1/usr/lib/x86_64-linux-gnu

	[ -x "$dir/usr/bin/rtla" ] && [ -e "$lib/ld-linux-x86-64.so.2" ] ||
		fatal "RTLENS_VM_RTLA_ROOT: no usr/bin/rtla and ld.so in $dir"
	mkdir -p "$ROOT/opt/rtla/lib"
	cp -a "$lib"/*.so* "$ROOT/opt/rtla/lib/" || fatal "cannot copy the libraries of $dir"
	install -m 0755 "$dir/usr/bin/rtla" "$ROOT/opt/rtla/rtla"
	printf '%s\n' '#!/bin/sh' \
		'exec /opt/rtla/lib/ld-linux-x86-64.so.2 --library-path /opt/rtla/lib /opt/rtla/rtla "$@"' \
		> "$ROOT/usr/bin/rtla"
	chmod 0755 "$ROOT/usr/bin/rtla"
}

# copy_tmux: tmux, for the live screen's tests in a pane (tests/tmux.sh):
# with its libraries; the terminfo of the guest's terminal (TERM=dumb: even
# a detached client refuses to start without it, "missing or unsuitable
# terminal") and of those tmux claims to be in its panes (screen for tmux
# 3.3, tmux-256color for newer ones); and the C.UTF-8 locale, without which
# it refuses to start ("need UTF-8 locale"). Its socket goes to /tmp, a
# tmpfs, its ptys to the devpts that /init mounts. The scripts that need it
# say so where the host lacks it.
copy_tmux()
{
	local s t d

	s=$(real_elf tmux 2>/dev/null) && copy_elf "$s" /usr/bin/tmux || {
		log "# tmux not found: the guest has none"
		return 0
	}
	for t in d/dumb s/screen t/tmux-256color; do
		for d in /etc/terminfo /lib/terminfo /usr/share/terminfo; do
			[ -e "$d/$t" ] && install -D -m 0644 "$(readlink -f "$d/$t")" "$ROOT$d/$t"
		done
	done
	for d in /usr/lib/locale/C.utf8 /usr/lib/locale/C.UTF-8; do
		[ -d "$d" ] && mkdir -p "$ROOT${d%/*}" && cp -a "$d" "$ROOT$d"
	done
	install -m 0644 tests/tmux.sh "$ROOT/vm/tmux.sh"
}

build_helpers()
{
	local src name flags

	mkdir -p "$VM_DIR/bin"
	flags="-O2 -Wall -Wextra -Werror"
	# the test helpers, and sample/'s workloads (the guest tests run them)
	for src in tests/vm/*.c tests/zoo/*.c sample/*.c; do
		[ -f "$src" ] || continue
		case $src in *.bpf.c) continue ;; esac	# BPF: built by make
		name=$(basename "$src" .c)
		if ! ${CC:-cc} $flags -static -o "$VM_DIR/bin/$name" "$src" -lm 2>/dev/null; then
			${CC:-cc} $flags -o "$VM_DIR/bin/$name" "$src" -lm ||
				fatal "cannot build the helper $src"
		fi
	done
}

build_initramfs()
{
	local bb rtla s a

	ROOT=$VM_DIR/initramfs.d
	rm -rf "$ROOT"
	mkdir -p "$ROOT"/{bin,sbin,usr/bin,usr/sbin,etc,proc,sys,dev,run,tmp,root} \
		 "$ROOT"/vm/{bin,guest}
	# a console before devtmpfs is mounted (init re-opens it after)
	mknod -m 600 "$ROOT/dev/console" c 5 1 2>/dev/null

	bb=$(real_elf busybox) || fatal "busybox not found (install busybox-static)"
	copy_elf "$bb" /bin/busybox || fatal "cannot copy $bb"
	for a in $("$bb" --list); do
		[ -e "$ROOT/bin/$a" ] || ln -s busybox "$ROOT/bin/$a"
	done

	if [ -n "${RTLENS_VM_RTLA_ROOT:-}" ]; then
		rtla=$RTLENS_VM_RTLA_ROOT/usr/bin/rtla
		copy_foreign_rtla "$RTLENS_VM_RTLA_ROOT"
	else
		rtla=$(real_elf "$RTLA") || fatal "rtla not found (install rtla)"
		copy_elf "$rtla" /usr/bin/rtla || fatal "cannot copy $rtla"
	fi
	if [ -f "$RTLENS" ]; then
		copy_elf "$RTLENS" /usr/bin/rtlens ||
			fatal "cannot copy $RTLENS into the initramfs"
	else
		log "# $RTLENS not built: the guest has no rtlens"
	fi
	for s in "$VM_DIR"/bin/*; do
		copy_elf "$s" "/vm/bin/${s##*/}" || fatal "cannot copy $s"
	done
	# trace-cmd, to record a trace.dat of its own for rtlens --input
	# (guest/47-record.sh); the test says so when the host lacks it
	s=$(real_elf trace-cmd 2>/dev/null) && copy_elf "$s" /usr/bin/trace-cmd ||
		log "# trace-cmd not found: the guest has none"
	# glibc loads libgcc_s at the first pthread_exit/cancel (rtla -u's
	# threads): ldd does not list it
	for a in $(ldconfig -p 2>/dev/null | awk '/libgcc_s\.so\.1 .*x86-64/ { print $NF }'); do
		[ -e "$ROOT$a" ] || install -D -m 0755 "$(readlink -f "$a")" "$ROOT$a"
	done
	# libtraceevent plugins, if the host has them
	for a in /usr/lib/x86_64-linux-gnu/traceevent; do
		[ -d "$a" ] && mkdir -p "$ROOT${a%/*}" && cp -a "$a" "$ROOT$a"
	done

	# the modules of MODULES, next to the kernel (fetch_kernel), if they
	# are there; compressed ones unpacked (busybox's insmod reads them
	# as they are)
	mkdir -p "$ROOT/vm/modules" "$ROOT/vm/files"
	for a in $MODULES $MODULES_OPTIONAL; do
		# beside Debian's 6.1 (fetch_kernel), or in the module tree of a
		# vmlinuz under lib/modules/VERSION/ (tests/vm/backports.sh)
		s=$( (ls "${KERNEL%/*}/../modules/$a.ko"* 2>/dev/null
		      find "${KERNEL%/*}/kernel" -name "$a.ko*" 2>/dev/null) | head -n 1)
		case $s in
		"") ;;
		*.xz) xz -dc "$s" > "$ROOT/vm/modules/$a.ko" ;;
		*.zst) zstd -qdc "$s" > "$ROOT/vm/modules/$a.ko" ;;
		*) cp "$s" "$ROOT/vm/modules/" ;;
		esac
	done
	for a in ${RTLENS_VM_FILES:-}; do
		cp "$a" "$ROOT/vm/files/" || fatal "RTLENS_VM_FILES: cannot copy $a"
	done
	# the kernel's build config, where a real system keeps it (rtlens check
	# reads /boot/config-$(uname -r)); Debian's 6.1 package has it beside
	# the vmlinuz, the backports image does not (check says so)
	s=${KERNEL%/*}/config-${KERNEL##*/vmlinuz-}
	if [ -f "$s" ]; then
		mkdir -p "$ROOT/boot"
		cp "$s" "$ROOT/boot/"
	fi
	# the cases of rtla's own tests and rtla's results (guest/80-rtla-suite.sh)
	mkdir -p "$ROOT/vm/rtla-suite"
	cp tests/vm/rtla-suite/*.tsv "$ROOT/vm/rtla-suite/"
	# the exporter's unit (its capabilities) and setpriv, to measure with
	# them alone (guest/55-fleet.sh)
	install -m 0644 debian/rtlens.rtlens-exporter.service "$ROOT/vm/rtlens-exporter.service"
	s=$(real_elf setpriv 2>/dev/null) && copy_elf "$s" /usr/bin/setpriv ||
		log "# setpriv not found: the guest has none"
	copy_tmux
	# the --bpf-action example, when make built it (with clang)
	for a in build/sample/*.bpf.o; do
		[ -f "$a" ] && install -m 0644 "$a" "$ROOT/vm/${a##*/}"
	done
	install -m 0755 tests/vm/init "$ROOT/init"
	install -m 0644 tests/vm/lib.sh "$ROOT/vm/lib.sh"
	: > "$ROOT/vm/scripts"
	for s in "${SCRIPTS[@]}"; do
		install -m 0644 "$s" "$ROOT/vm/guest/${s##*/}"
		echo "${s##*/}" >> "$ROOT/vm/scripts"
	done
	{
		echo "VM_SCRIPT_TIMEOUT=$SCRIPT_TIMEOUT"
		# RTLENS_GUEST_* variables, quoted for the guest's sh
		for a in $(compgen -v RTLENS_GUEST_); do
			printf "%s='%s'\n" "$a" "$(printf '%s' "${!a}" | sed "s/'/'\\\\''/g")"
		done
	} > "$ROOT/vm/config"
	echo "root:x:0:0:root:/root:/bin/sh" > "$ROOT/etc/passwd"
	echo "root:x:0:" > "$ROOT/etc/group"

	INITRAMFS=$VM_DIR/initramfs.cpio
	(cd "$ROOT" && find . | cpio -o -H newc --quiet) > "$INITRAMFS.tmp" &&
		mv "$INITRAMFS.tmp" "$INITRAMFS" ||
		fatal "cannot write the initramfs"
	log "# initramfs: $(du -k "$INITRAMFS" | cut -f1) KiB, rtla from $rtla"
}

# --- results stream --------------------------------------------------------

# Reads the guest's result stream on stdin: renumbers and prints the test
# lines (also into $TAP), prints diagnostics, decodes artifacts into $OUT.
parse_stream()
{
	local line name size enc art='' tmp=$VM_DIR/artifact.b64 n

	n=$(grep -c '' "$TAP" 2>/dev/null)
	while IFS= read -r line; do
		line=${line%$'\r'}
		if [ -n "$art" ]; then
			if [ "$line" = "@@END $art" ]; then
				exec 4>&-
				mkdir -p "$(dirname "$OUT/$art")"
				if [ "$enc" = gzip ]; then
					base64 -d < "$tmp" | gzip -dc > "$OUT/$art"
				else
					base64 -d < "$tmp" > "$OUT/$art"
				fi
				if [ "$(wc -c < "$OUT/$art")" != "$size" ]; then
					n=$((n + 1))
					echo "not ok $n - artifact $art (size differs from $size bytes)" |
						tee -a "$TAP"
				fi
				art=''
			else
				printf '%s\n' "$line" >&4
			fi
			continue
		fi
		case "$line" in
		"@@BEGIN "*)
			read -r _ name size enc <<< "$line"
			case "$name" in
			*..*|/*) echo "# bad artifact name: $name"; continue ;;
			esac
			art=$name
			exec 4> "$tmp"
			;;
		"@@DONE")
			touch "$VM_DIR/done"
			;;
		"ok "*|"not ok "*)
			n=$((n + 1))
			if [[ $line =~ ^(not )?ok\ [0-9]+(.*)$ ]]; then
				line="${BASH_REMATCH[1]}ok $n${BASH_REMATCH[2]}"
			fi
			printf '%s\n' "$line" | tee -a "$TAP"
			;;
		"#"*)
			printf '%s\n' "$line"
			;;
		"")
			;;
		*)
			printf '# (guest) %s\n' "$line"
			;;
		esac
	done
	if [ -n "$art" ]; then
		n=$((n + 1))
		echo "not ok $n - artifact $art (stream ended inside it)" | tee -a "$TAP"
	fi
	rm -f "$tmp"
}

# --- boot ------------------------------------------------------------------

# RTLENS_VM_COMPANION beside the guest whose QEMU is $1
start_companion()
{
	COMPANION=
	[ -n "${RTLENS_VM_COMPANION:-}" ] || return 0
	QEMU_PID=$1 VM_DIR=$VM_DIR VM_OUT=$OUT \
		bash -c "$RTLENS_VM_COMPANION" > "$VM_DIR/companion.log" 2>&1 &
	COMPANION=$!
}

stop_companion()
{
	[ -n "${COMPANION:-}" ] || return 0
	kill -TERM "$COMPANION" 2>/dev/null
	wait "$COMPANION"
	echo "# companion ($RTLENS_VM_COMPANION) exited with status $?; its log:"
	sed 's/^/#   /' "$VM_DIR/companion.log"
}

boot()
{
	local qpid rc t0 t1

	: > "$RESULTS"
	: > "$CONSOLE"
	t0=$(date +%s)
	# Results (port 0xe9) and what the scripts print (0xe8, appended to
	# the console log) come through isa-debugcon ports: no interrupt, so
	# no stall on a lost one. The serial port carries only kernel
	# messages. noirqdebug: under TCG the rt kernel's threaded 8250
	# handler sees most serial interrupts as spurious and would disable
	# the IRQ ("nobody cared"). nokaslr: System.map names the addresses
	# of a stall report (stall-report.py).
	timeout -k 10 "$TIMEOUT" \
		qemu-system-x86_64 -accel "tcg,thread=$TCG_THREAD" -cpu "$CPU" \
			-smp "$SMP" -m "$MEM" -nographic -no-reboot \
			-monitor "unix:$VM_DIR/monitor.sock,server=on,wait=off" \
			-nic none \
			-kernel "$KERNEL" -initrd "$INITRAMFS" \
			-append "console=ttyS0 quiet panic=-1 noirqdebug nokaslr ${RTLENS_VM_APPEND:-}" \
			-chardev "file,id=con,path=$CONSOLE,append=on" -serial chardev:con \
			-chardev "file,id=out,path=$CONSOLE,append=on" \
			-device isa-debugcon,iobase=0xe8,chardev=out \
			-chardev "file,id=res,path=$RESULTS" \
			-device isa-debugcon,iobase=0xe9,chardev=res \
			${RTLENS_VM_QEMU_ARGS:-} \
			< /dev/null > "$VM_DIR/qemu.log" 2>&1 &
	qpid=$!
	start_companion "$qpid"
	# a live guest writes at least every SCRIPT_TIMEOUT s (a script killed
	# on timeout is reported): silence for longer means it froze
	(
		while sleep 10 && kill -0 "$qpid" 2>/dev/null; do
			age=$(($(date +%s) - $(stat -c %Y "$RESULTS")))
			if [ "$age" -gt "$STALL" ]; then
				echo "$age" > "$VM_DIR/stalled"
				tests/vm/stall-report.py "$VM_DIR/monitor.sock" \
					"$(ls "${KERNEL%/*}"/System.map-* 2>/dev/null | head -n 1)" \
					> "$VM_DIR/stall.log" 2>&1
				kill "$qpid"
				break
			fi
		done
	) &
	tail -n +1 -s 0.5 -f --pid="$qpid" "$RESULTS" | parse_stream
	wait "$qpid"
	rc=$?
	stop_companion
	t1=$(date +%s)
	echo "# boot: $((t1 - t0)) s of wall time, qemu exit status $rc"
	if [ ! -e "$VM_DIR/done" ]; then
		local why="the guest did not finish"

		[ $rc -eq 124 ] || [ $rc -eq 137 ] &&
			why="the guest did not finish within $TIMEOUT s (RTLENS_VM_TIMEOUT)"
		[ -e "$VM_DIR/stalled" ] &&
			why="the guest wrote nothing for $(cat "$VM_DIR/stalled") s: frozen? (RTLENS_VM_STALL)"
		echo "not ok $(($(grep -c '' "$TAP") + 1)) - vm: boot completed" |
			tee -a "$TAP"
		echo "# $why; the console log ($CONSOLE) ends with:"
		tail -n 40 "$CONSOLE" | tr -d '\r' | sed 's/^/#   /'
		sed 's/^/#   qemu: /' "$VM_DIR/qemu.log"
		[ -s "$VM_DIR/stall.log" ] && sed 's/^/#   stall: /' "$VM_DIR/stall.log"
	fi
}

# Host-side checks: tests/vm/host/NAME.sh for a guest script NAME.sh, run
# after the boot with the artifacts in $OUT (VM_OUT).
host_checks()
{
	local s h

	for s in "${SCRIPTS[@]}"; do
		h=tests/vm/host/${s##*/}
		[ -f "$h" ] || continue
		: > "$VM_DIR/host.stream"
		VM_TEST=$(basename "$s" .sh) VM_OUT=$OUT VM_RUN=$VM_DIR/host-run \
		VM_COUNT_FILE=$VM_DIR/host-count VM_TOP=$top \
			bash -c 'mkdir -p "$VM_RUN"; . tests/vm/lib.sh; . "$1"' \
			host "$h" 3> "$VM_DIR/host.stream" > "$VM_DIR/host.log" 2>&1
		local rc=$?
		parse_stream < "$VM_DIR/host.stream"
		if [ $rc -ne 0 ]; then
			echo "not ok $(($(grep -c '' "$TAP") + 1)) - $h exited with status $rc" |
				tee -a "$TAP"
			tail -n 10 "$VM_DIR/host.log" | sed 's/^/# /'
		fi
	done
}

main()
{
	local pass fail

	case "${1:-}" in
	-h|--help) usage 0 ;;
	--kernel-path)
		# the vmlinuz a boot would use, fetched if need be (tests/zoo/
		# builds a module for it before the boot)
		mkdir -p "$CACHE"
		exec 8> "$CACHE/.lock"
		flock 8
		fetch_kernel
		echo "$KERNEL"
		exit 0 ;;
	-*) usage 2 ;;
	esac
	select_scripts "$@"

	mkdir -p "$CACHE" "$VM_DIR"
	# one run at a time per results directory (its initramfs, its logs);
	# the cache (the kernel) is held only while it is fetched, so that
	# runs with their own directories boot side by side (tests/vm/check.sh)
	exec 9> "$VM_DIR/.lock"
	if ! flock -n 9; then
		log "# another VM run uses $VM_DIR: waiting"
		flock 9
	fi

	rm -rf "$OUT" "$VM_DIR/done" "$VM_DIR/stalled" "$VM_DIR/stall.log" "$VM_DIR/host-run" \
	       "$VM_DIR/host-count"
	mkdir -p "$OUT"
	: > "$TAP"

	build_helpers
	exec 8> "$CACHE/.lock"
	flock 8
	fetch_kernel
	exec 8>&-
	build_initramfs
	echo "# booting ${KERNEL##*/} (-smp $SMP, TCG $TCG_THREAD) with: ${SCRIPTS[*]##*/}"
	boot
	host_checks

	pass=$(grep -c '^ok ' "$TAP")
	fail=$(grep -c '^not ok ' "$TAP")
	if [ $((pass + fail)) -eq 0 ]; then
		echo "not ok 1 - vm: no test ran" | tee -a "$TAP"
		fail=1
	fi
	echo "# artifacts in $OUT, console log in $CONSOLE"
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ] && [ -e "$VM_DIR/done" ]
}

main "$@"
