#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The debian/changelog of version VERSION (the Makefile's), on stdout:
# `make deb` writes it into its copy of the tree, so that the version is
# said in one place only. The entry is signed with $DEBFULLNAME <$DEBEMAIL>
# when set, else with debian/control's Maintainer; dated with the last
# commit (the build is then reproducible), else now.
#
# usage: scripts/deb-changelog.sh VERSION
set -eu

version=${1:?usage: $0 VERSION}
cd "$(dirname "$0")/.."
maintainer=$(sed -n 's/^Maintainer: *//p' debian/control)
if [ -n "${DEBFULLNAME:-}" ] && [ -n "${DEBEMAIL:-}" ]; then
	maintainer="$DEBFULLNAME <$DEBEMAIL>"
fi
when=$(git log -1 --format=%ct 2>/dev/null || date +%s)

cat <<END
rtlens ($version) unstable; urgency=medium

  * rtlens $version, packaged from its source tree (make deb).

 -- $maintainer  $(LC_ALL=C date -R -u -d "@$when")
END
