#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests of rtlens as an installed tool, sourced by tests/host/run.sh
# (ok, not_ok, $WORK, $ROOT), or run alone:
#
#   tests/host/package.sh
#
# Builds the Debian package once (make deb, into build/deb/) and checks it
# without installing it: its version is the Makefile's; its files (rtlens,
# the man pages, the bash completion, the exporter's unit and its conffile),
# none of them one of rtla's (rtla's names are links in /usr/lib/rtlens/bin,
# not in /usr/bin); what it runs (ldd, rtlens --version, a link); lintian
# (any E: or W: fails); the unit (systemd-analyze verify, and security: an
# exposure of at most PKG_EXPOSURE_MAX), installed neither enabled nor
# started. The bash completion, called as bash calls it: the commands and
# each one's options are those of rtlens's --help, nothing after -c, files
# after --json, the links' names only where they are rtlens. make install
# and uninstall, into a directory. Installing the package for real, in a
# fresh chroot, is `make package-check` (tests/host/package-chroot.sh).
#
# A tool missing (dpkg-buildpackage, dh, lintian, systemd-analyze) is a
# failure that names its package: scripts/setup.sh test installs them.

# Above it, a change of the unit weakened it: 3.0 in systemd 252
PKG_EXPOSURE_MAX=3.5
PKG_LINKS="osnoise timerlat hwnoise"
PKG_SCRIPT_LINKS="hwlatdetect"	# rt-tests' names: a link, no completion

# pkg_need COMMAND PACKAGE: ok when COMMAND is there, else not ok naming PACKAGE
pkg_need()
{
	if command -v "$1" > /dev/null; then
		ok "package: $1 is there"
		return 0
	fi
	not_ok "package: $1 not found: apt-get install $2 (or scripts/setup.sh test)"
	return 1
}

pkg_build()
{
	if make -C "$ROOT" deb > "$WORK/deb.log" 2>&1 && [ -f "$PKG_DEB" ]; then
		ok "package: make deb builds $(basename "$PKG_DEB")"
		return 0
	fi
	not_ok "package: make deb builds $(basename "$PKG_DEB")"
	tail -30 "$WORK/deb.log" | sed 's/^/#   /'
	return 1
}

# pkg_has PATH: the package has PATH (a file, link or directory)
pkg_has()
{
	grep -qxF "$1" "$WORK/deb.paths"
}

# the files of the package, and of the rtla package when installed
pkg_files_tests()
{
	local f page missing='' link unit clash

	dpkg-deb -c "$PKG_DEB" | awk '{ sub(/^\.\//, "", $6); print $6 }' | sed 's|/$||' \
		> "$WORK/deb.paths"
	dpkg-deb -e "$PKG_DEB" "$WORK/ctrl"
	for f in usr/bin/rtlens usr/share/bash-completion/completions/rtlens \
		 etc/default/rtlens-exporter usr/share/doc/rtlens/copyright \
		 usr/share/doc/rtlens/README.Debian usr/share/doc/rtlens/changelog.gz; do
		pkg_has "$f" || missing="$missing $f"
	done
	for page in "$ROOT"/Documentation/*.1; do
		f="usr/share/man/man1/$(basename "$page").gz"
		pkg_has "$f" || missing="$missing $f"
	done
	if [ -z "$missing" ]; then
		ok "package: rtlens, every man page, the completion, the exporter's settings"
	else
		not_ok "package: missing:$missing"
	fi
	unit=$(grep -xE '(usr/)?lib/systemd/system/rtlens-exporter.service' "$WORK/deb.paths")
	if [ -n "$unit" ]; then
		ok "package: the unit $unit"
	else
		not_ok "package: no rtlens-exporter.service in (/usr)/lib/systemd/system"
	fi
	if grep -qx /etc/default/rtlens-exporter "$WORK/ctrl/conffiles" 2> /dev/null; then
		ok "package: /etc/default/rtlens-exporter is a conffile"
	else
		not_ok "package: /etc/default/rtlens-exporter is no conffile"
	fi
	if [ "$(dpkg-deb -f "$PKG_DEB" Version)" = "$PKG_VERSION" ]; then
		ok "package: version $PKG_VERSION, the Makefile's"
	else
		not_ok "package: version $(dpkg-deb -f "$PKG_DEB" Version), the Makefile's is $PKG_VERSION"
	fi
	missing=''
	for link in $PKG_LINKS $PKG_SCRIPT_LINKS; do
		pkg_has "usr/bin/$link" && missing="$missing usr/bin/$link"
		pkg_has "usr/lib/rtlens/bin/$link" || missing="$missing no usr/lib/rtlens/bin/$link"
		pkg_has "usr/share/bash-completion/completions/$link" &&
			missing="$missing usr/share/bash-completion/completions/$link"
	done
	if [ -z "$missing" ]; then
		ok "package: rtla's and rt-tests' names in /usr/lib/rtlens/bin, none in /usr/bin"
	else
		not_ok "package: rtla's names:$missing"
	fi
	if ! dpkg-query -W rtla > /dev/null 2>&1; then
		not_ok "package: rtla not installed, its files not compared: apt-get install rtla"
		return
	fi
	clash=$(dpkg-query -L rtla | sed 's|^/||' | while read -r f; do
		[ -d "/$f" ] || ! pkg_has "$f" || echo "$f"
	done)
	if [ -z "$clash" ]; then
		ok "package: no file of rtla's package"
	else
		not_ok "package: rtla's files too:" $clash
	fi
}

# what the extracted package runs
pkg_run_tests()
{
	local x=$WORK/root out

	dpkg-deb -x "$PKG_DEB" "$x"
	if ldd "$x/usr/bin/rtlens" > "$WORK/ldd.out" 2>&1 && ! grep -q 'not found' "$WORK/ldd.out"; then
		ok "package: ldd rtlens: every library found"
	else
		not_ok "package: ldd rtlens"
		sed 's/^/#   /' "$WORK/ldd.out"
	fi
	out=$("$x/usr/bin/rtlens" --version 2>&1)
	if [ "$out" = "rtlens $PKG_VERSION" ]; then
		ok "package: rtlens --version: $out"
	else
		not_ok "package: rtlens --version: '$out', want 'rtlens $PKG_VERSION'"
	fi
	out=$("$x/usr/lib/rtlens/bin/timerlat" --help 2>&1)
	if grep -q '^rtlens timerlat top: ' <<<"$out"; then
		ok "package: /usr/lib/rtlens/bin/timerlat is rtlens timerlat"
	else
		not_ok "package: /usr/lib/rtlens/bin/timerlat --help"
		echo "$out" | head -5 | sed 's/^/#   /'
	fi
	if zcat "$x/usr/share/doc/rtlens/changelog.gz" | head -1 | grep -qF "rtlens ($PKG_VERSION)"; then
		ok "package: the changelog's version is the Makefile's"
	else
		not_ok "package: the changelog's version is not $PKG_VERSION"
	fi
}

pkg_lintian_tests()
{
	lintian "$PKG_DEB" > "$WORK/lintian.out" 2>&1
	if grep -E '^[EW]: ' "$WORK/lintian.out" > "$WORK/lintian.bad"; then
		not_ok "package: lintian"
		sed 's/^/#   /' "$WORK/lintian.bad"
	else
		ok "package: lintian: no error, no warning"
	fi
}

# the exporter's unit: verify, its security, not enabled nor started
pkg_unit_tests()
{
	local x=$WORK/root unit page missing='' exposure

	unit=$(ls "$x"/lib/systemd/system/rtlens-exporter.service \
		  "$x"/usr/lib/systemd/system/rtlens-exporter.service 2> /dev/null | head -1)
	[ -n "$unit" ] || return
	mkdir -p "$WORK/unit"
	# the unit as installed, running the extracted rtlens
	sed "s|/usr/bin/rtlens|$x/usr/bin/rtlens|" "$unit" > "$WORK/unit/rtlens-exporter.service"
	if systemd-analyze verify --man=no "$WORK/unit/rtlens-exporter.service" \
		> "$WORK/verify.out" 2>&1 && ! [ -s "$WORK/verify.out" ]; then
		ok "exporter: systemd-analyze verify"
	else
		not_ok "exporter: systemd-analyze verify"
		sed 's/^/#   /' "$WORK/verify.out"
	fi
	for page in $(sed -n 's/^Documentation=//p' "$unit"); do
		page=${page#man:}
		page="usr/share/man/man1/${page%(1)}.1.gz"
		pkg_has "$page" || missing="$missing $page"
	done
	if [ -z "$missing" ]; then
		ok "exporter: its Documentation= man pages are in the package"
	else
		not_ok "exporter: Documentation= pages missing:$missing"
	fi
	systemd-analyze security --offline=yes "$WORK/unit/rtlens-exporter.service" \
		> "$WORK/security.out" 2>&1
	exposure=$(sed -n 's/.*Overall exposure level for .*: \([0-9.]*\).*/\1/p' "$WORK/security.out")
	if [ -n "$exposure" ] && awk -v e="$exposure" -v m="$PKG_EXPOSURE_MAX" 'BEGIN { exit !(e <= m) }'
	then
		ok "exporter: systemd-analyze security: exposure $exposure (at most $PKG_EXPOSURE_MAX)"
	else
		not_ok "exporter: systemd-analyze security: exposure '$exposure', at most $PKG_EXPOSURE_MAX"
		grep '✗' "$WORK/security.out" | sed 's/^/#   /'
	fi
	# dh_installsystemd --no-enable --no-start: re-enabled only if it was
	if grep -q 'deb-systemd-helper debian-installed' "$WORK/ctrl/postinst" &&
	   ! grep -q 'deb-systemd-invoke' "$WORK/ctrl/postinst"; then
		ok "exporter: installed neither enabled nor started"
	else
		not_ok "exporter: the postinst enables or starts it"
	fi
}

# pkg_complete WORD...: what the installed completion offers after the words
# (the last one being completed), one a line, sorted; in $WORK/comp, with
# $PKG_COMP_PATH for PATH
pkg_complete()
(
	cd "$WORK/comp" && PATH=$PKG_COMP_PATH bash -c '
		. "$1"
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		"$(complete -p "${COMP_WORDS[0]}" | sed "s/.*-F \([^ ]*\) .*/\1/")"
		printf "%s\n" "${COMPREPLY[@]}"' \
		bash "$WORK/root/usr/share/bash-completion/completions/rtlens" "$@" 2> /dev/null |
		sed '/^$/d' | sort
)

# pkg_expect_completion NAME WANT WORD...: the completion of WORD... is WANT
pkg_expect_completion()
{
	local name=$1 want=$2 got

	shift 2
	got=$(pkg_complete "$@" | tr '\n' ' ')
	if [ "$got" = "$want" ]; then
		ok "completion: $name"
	else
		not_ok "completion: $name: '$got', want '$want'"
	fi
}

# the options of `rtlens COMMAND --help`, sorted, on one line; --[no-]NAME is both
pkg_help_options()
{
	"$WORK/root/usr/bin/rtlens" $1 --help |
		sed -nE -e 's|^\t  -(.)/--\[no-\]([a-z-]+).*|-\1\n--\2\n--no-\2|p' -e t \
			-e 's|^\t  -(.)/--([a-z-]+).*|-\1\n--\2|p' -e t \
			-e 's|^\t     --\[no-\]([a-z-]+).*|--\1\n--no-\1|p' -e t \
			-e 's|^\t     --([a-z-]+).*|--\1|p' |
		sort | tr '\n' ' '
}

pkg_completion_tests()
{
	local x=$WORK/root cmds cmd words

	PKG_COMP_PATH=$PATH
	mkdir -p "$WORK/comp/dir"
	touch "$WORK/comp/report.json" "$WORK/comp/notes.txt"
	# the commands of rtlens's help: "     osnoise top    - ..."
	cmds=$("$x/usr/bin/rtlens" --help | sed -nE 's/^     ([a-z]+( [a-z]+)?) +- .*/\1/p')
	words=$(for c in $(awk '{ print $1 }' <<<"$cmds" | sort -u) help version -h --help -V --version; do
		echo "$c"; done | sort | tr '\n' ' ')
	pkg_expect_completion "the commands" "$words" rtlens ''
	pkg_expect_completion "the modes" "hist top " rtlens timerlat ''
	while read -r cmd; do
		# shellcheck disable=SC2086
		pkg_expect_completion "rtlens $cmd -: the options of its --help" \
			"$(pkg_help_options "$cmd")" rtlens $cmd -
	done <<<"$cmds"
	pkg_expect_completion "rtlens osnoise -: osnoise top's options" \
		"$(pkg_help_options 'osnoise top')" rtlens osnoise -
	pkg_expect_completion "nothing after -c" "" rtlens osnoise top -c ''
	pkg_expect_completion "nothing after --cpus" "" rtlens timerlat hist --cpus ''
	pkg_expect_completion "files after --json" "dir notes.txt report.json " \
		rtlens osnoise top --json ''
	pkg_expect_completion "files after --json=" "report.json " rtlens check --json = r
	pkg_expect_completion "files after -t" "dir notes.txt report.json " \
		rtlens timerlat top -t ''
	pkg_expect_completion "files after --record, --input, --plot" "report.json " \
		rtlens timerlat hist --input re
	pkg_expect_completion "compare: the reports are files" "dir notes.txt report.json " \
		rtlens compare report.json ''
	pkg_expect_completion "--engine's words" "auto kernel user " rtlens osnoise hist --engine ''
	pkg_expect_completion "an unknown command: nothing" "" rtlens frob ''
	# rtla's names: theirs where they are rtla's, rtlens's where they are rtlens
	pkg_expect_completion "rtla's osnoise keeps its completion" "" osnoise --no-
	PKG_COMP_PATH=$x/usr/lib/rtlens/bin:$PATH
	pkg_expect_completion "osnoise is rtlens in PATH: osnoise hist" \
		"--no-aa --no-bpf --no-debug --no-header --no-index --no-kernel-hist --no-live-replay --no-summary \
--no-with-zeros " osnoise hist --no-
}

# make install and uninstall, with the objects the package was built from
pkg_install_tests()
{
	local tree=$ROOT/build/deb/rtlens-$PKG_VERSION d=$WORK/inst missing='' t

	if ! make -C "$tree" install DESTDIR="$d" > "$WORK/install.out" 2>&1; then
		not_ok "make install"
		tail -20 "$WORK/install.out" | sed 's/^/#   /'
		return
	fi
	for t in bin/rtlens share/bash-completion/completions/rtlens share/man/man1/rtlens.1; do
		[ -f "$d/usr/local/$t" ] || missing="$missing $t"
	done
	for t in $PKG_SCRIPT_LINKS; do
		[ "$(readlink "$d/usr/local/bin/$t")" = rtlens ] || missing="$missing bin/$t"
	done
	for t in $PKG_LINKS; do
		[ "$(readlink "$d/usr/local/bin/$t")" = rtlens ] || missing="$missing bin/$t"
		[ "$(readlink "$d/usr/local/share/bash-completion/completions/$t")" = rtlens ] ||
			missing="$missing completions/$t"
	done
	if [ -z "$missing" ]; then
		ok "make install: rtlens, its links, man pages and completion under /usr/local"
	else
		not_ok "make install: missing:$missing"
	fi
	make -C "$tree" uninstall DESTDIR="$d" > "$WORK/install.out" 2>&1
	if [ -z "$(find "$d" ! -type d)" ]; then
		ok "make uninstall: nothing left"
	else
		not_ok "make uninstall: left" $(find "$d" ! -type d)
	fi
}

package_tests()
{
	local missing=0

	PKG_VERSION=$(sed -n 's/^VERSION[[:space:]]*:=[[:space:]]*//p' "$ROOT/Makefile")
	pkg_need dpkg-buildpackage dpkg-dev || missing=1
	pkg_need dh debhelper || missing=1
	pkg_need lintian lintian || missing=1
	pkg_need systemd-analyze systemd || missing=1
	[ "$missing" = 0 ] || return
	PKG_DEB=$ROOT/build/deb/rtlens_${PKG_VERSION}_$(dpkg --print-architecture).deb
	pkg_build || return
	pkg_files_tests
	pkg_run_tests
	pkg_lintian_tests
	pkg_unit_tests
	pkg_completion_tests
	pkg_install_tests
}

# ---- run alone ----
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	. "$(dirname "$0")/alone.sh" "${1:-rtlens}"
	package_tests
	alone_end
fi
