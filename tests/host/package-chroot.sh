#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The Debian package installed for real, in a fresh chroot that mmdebstrap
# makes (a minimal Debian of this machine's release, or $SUITE, from
# $MIRROR or Debian's), then purged: `make package-check`, apart from
# `make check` (it downloads the chroot: about 60 MB, a minute). As root.
#
#   tests/host/package-chroot.sh build/deb/rtlens_VERSION_ARCH.deb
#
# In the chroot: apt installs the package (its libraries are in the chroot
# already: nothing is downloaded then); rtlens --version and rtlens
# check run (exit 0 or 2: they measure nothing); the links in
# /usr/lib/rtlens/bin run rtlens; the exporter is installed disabled, and
# systemd-analyze verify accepts it there; the completion loads in bash.
# apt purges the package (and the exporter's working directory, made as if
# it had run), and the chroot is then as it was before but for dpkg's and
# apt's own records. The chroot has its own /proc and a sysfs of
# its own (no tracefs in it), in a mount namespace that ends with each
# command.
set -u

DEB=$(readlink -f "${1:?usage: $0 RTLENS.deb}")
SUITE=${SUITE:-$(. /etc/os-release && echo "${VERSION_CODENAME:-}")}
MIRROR=${MIRROR:-}
WORK=$(mktemp -d)
CHROOT=$WORK/root
trap 'rm -rf --one-file-system "$WORK"' EXIT
pass=0
fail=0
ok()     { pass=$((pass + 1)); echo "ok $((pass + fail)) - $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok $((pass + fail)) - $1"; }

end()
{
	echo "$pass passed, $fail failed"
	[ "$fail" = 0 ]
	exit
}

# in_chroot CMD...: CMD in the chroot, with /proc and /sys mounted for it only
in_chroot()
{
	unshare --mount --propagation private sh -c '
		root=$1
		shift
		mount -t proc proc "$root/proc" && mount -t sysfs sysfs "$root/sys" &&
			mount -t devpts -o newinstance devpts "$root/dev/pts" &&
			exec chroot "$root" "$@"' sh "$CHROOT" "$@"
}

# check NAME PATTERN CMD...: ok when CMD (in the chroot) succeeds and a line
# of its output matches PATTERN (grep -E; '' any)
check()
{
	local name=$1 pattern=$2

	shift 2
	if in_chroot "$@" > "$WORK/out" 2>&1 &&
	   { [ -z "$pattern" ] || grep -qE -- "$pattern" "$WORK/out"; }; then
		ok "$name"
	else
		not_ok "$name"
		tail -20 "$WORK/out" | sed 's/^/#   /'
	fi
}

# the chroot's files, but dpkg's and apt's records and what the kernel mounts
# (/run: systemctl's, a tmpfs on a machine)
files()
{
	(cd "$CHROOT" && find . -xdev \( -path ./proc -o -path ./sys -o -path ./dev -o \
		-path ./run -o -path ./tmp -o -path ./var/lib/dpkg -o -path ./var/lib/apt -o \
		-path ./var/cache -o -path ./var/log \) -prune -o -print | sort)
}

if [ "$(id -u)" != 0 ]; then
	not_ok "package-check needs root (mmdebstrap's root mode, chroot)"
	end
fi
for tool in mmdebstrap:mmdebstrap unshare:util-linux dpkg-deb:dpkg; do
	if ! command -v "${tool%%:*}" > /dev/null; then
		not_ok "${tool%%:*} not found: apt-get install ${tool#*:} (or scripts/setup.sh test)"
		end
	fi
done
VERSION=$(dpkg-deb -f "$DEB" Version) || end
DEPS=$(dpkg-deb -f "$DEB" Depends | sed 's/([^)]*)//g; s/[[:space:]]//g')

# shellcheck disable=SC2086
if mmdebstrap --variant=apt --include="systemd,$DEPS" "$SUITE" "$CHROOT" $MIRROR \
	> "$WORK/mmdebstrap.log" 2>&1; then
	ok "mmdebstrap: a $SUITE chroot with systemd and rtlens's libraries"
else
	not_ok "mmdebstrap: a $SUITE chroot (is the mirror reachable? MIRROR=URL sets it)"
	tail -20 "$WORK/mmdebstrap.log" | sed 's/^/#   /'
	end
fi
files > "$WORK/before"
cp "$DEB" "$CHROOT/tmp/"
DEB_IN=/tmp/$(basename "$DEB")

check "apt installs $(basename "$DEB")" '' env DEBIAN_FRONTEND=noninteractive \
	apt-get install -y "$DEB_IN"
check "rtlens --version: rtlens $VERSION" "^rtlens $VERSION\$" rtlens --version
in_chroot rtlens check > "$WORK/out" 2>&1
rc=$?
if { [ "$rc" = 0 ] || [ "$rc" = 2 ]; } && grep -q '^rtlens check: CPU' "$WORK/out"; then
	ok "rtlens check: exit $rc"
else
	not_ok "rtlens check: exit $rc"
	tail -20 "$WORK/out" | sed 's/^/#   /'
fi
check "/usr/lib/rtlens/bin/osnoise is rtlens osnoise" '^rtlens osnoise top: ' \
	/usr/lib/rtlens/bin/osnoise --help
check "no osnoise in PATH (rtla's name)" '' sh -c '! command -v osnoise'
check "man pages installed" '' test -f /usr/share/man/man1/rtlens.1.gz
in_chroot systemctl is-enabled rtlens-exporter.service > "$WORK/out" 2>&1
if grep -qx disabled "$WORK/out"; then
	ok "rtlens-exporter.service: installed disabled"
else
	not_ok "rtlens-exporter.service: systemctl is-enabled says $(cat "$WORK/out")"
fi
check "rtlens-exporter.service: systemd-analyze verify" '' \
	systemd-analyze verify --man=no rtlens-exporter.service
check "bash completion loads" '_rtlens rtlens' bash -c \
	'. /usr/share/bash-completion/completions/rtlens && complete -p rtlens'

# what the exporter leaves when it has run: its working directory
in_chroot sh -c 'mkdir -p /var/lib/rtlens && touch /var/lib/rtlens/timerlat_trace.txt'
check "apt purges rtlens" '' env DEBIAN_FRONTEND=noninteractive apt-get purge -y rtlens
if in_chroot dpkg-query -W rtlens > /dev/null 2>&1; then
	not_ok "purge: dpkg still knows rtlens"
else
	ok "purge: dpkg knows rtlens no more"
fi
files > "$WORK/after"
if cmp -s "$WORK/before" "$WORK/after"; then
	ok "purge: nothing left (the chroot's files as before the install)"
else
	not_ok "purge: the chroot's files changed"
	diff "$WORK/before" "$WORK/after" | sed 's/^/#   /'
fi
end
