#!/usr/bin/env bash
# `make deb`: a Debian package of the release build for the release this machine runs, in
# .build-release/nakedblog_VERSION_ARCH.deb. Depends is worked out by dpkg-shlibdeps from the
# libraries the binaries link (libgit2, libcmark, ncurses, Hunspell, Source-highlight… with this
# release's sonames and versions); bubblewrap (the build check's sandbox), openssh-client, git
# and an English dictionary are Recommends, the generators Suggests.
set -euo pipefail
cd "$(dirname "$0")/.."
build=.build-release/release
version=$("$build/nakedblog" --version | awk '{print $1}')
arch=$(dpkg --print-architecture)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
PREFIX=/usr DESTDIR="$stage/root" scripts/install.sh install "$build" >/dev/null
mkdir -p "$stage/debian" "$stage/root/DEBIAN"
printf 'Source: nakedblog\n\nPackage: nakedblog\nArchitecture: any\n' > "$stage/debian/control"
depends=$(cd "$stage" && dpkg-shlibdeps -O -e root/usr/bin/nakedblog -e root/usr/lib/nakedblog/libnakedblog-highlight.so \
          $( [ -x root/usr/lib/nakedblog/nakedblog-image ] && printf '%s %s' -e root/usr/lib/nakedblog/nakedblog-image ) 2>/dev/null |
          sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
size=$(du -sk "$stage/root" | cut -f1)
cat > "$stage/root/DEBIAN/control" <<CONTROL
Package: nakedblog
Version: $version
Architecture: $arch
Maintainer: nakedblog developers <nakedblog@localhost>
Installed-Size: $size
Depends: $depends, libsource-highlight-common
Recommends: bubblewrap, openssh-client, git, hunspell-en-us
Suggests: hugo, jekyll
Section: editors
Priority: optional
Description: full-screen terminal editor for Hugo and Jekyll blogs kept in git
 Clone a blog, browse its posts, write one with a live preview (coloured code,
 spell-checking) and publish it with one key after a build check, without
 leaving the terminal. Several authors can share one server over OpenSSH.
CONTROL
out=.build-release/nakedblog_${version}_${arch}.deb
dpkg-deb --root-owner-group --build "$stage/root" "$out" >/dev/null
echo "built $out"
echo "Depends: $depends"
