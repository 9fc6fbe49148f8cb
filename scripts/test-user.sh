#!/usr/bin/env bash
# `make test-user`: the whole suite as an unprivileged user, for the tests that mean something
# only without root (a folder root can read anyway, a read-only folder root writes into). Run
# as root, after `make test` built everything: it makes the user `nakedblog-test` once, copies
# the checkout (with its build) into a folder that user owns, runs the tests there as that
# user, and prints the same summary as `make test`. As a normal user, `make test` is that run.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" -ne 0 ]; then
    echo "test-user: run it as root (it creates the user nakedblog-test); as $(id -un), \`make test\` already runs every test as an unprivileged user" >&2
    exit 2
fi
user=nakedblog-test
id "$user" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$user" || exit 1
home=$(getent passwd "$user" | cut -d: -f6)
copy=$(mktemp -d /tmp/nakedblog-test-user.XXXXXX)
log=$(mktemp /tmp/nakedblog-test-user-output.XXXXXX)
trap 'rm -rf "$copy" "$log"' EXIT
cp -a . "$copy/" && chown -R "$user": "$copy" && chmod 755 "$copy" || exit 1
cd "$copy"
runuser -u "$user" -- env -i HOME="$home" PATH="$PATH" LANG=C.UTF-8 TMPDIR=/tmp scripts/test-leftovers.sh start
runuser -u "$user" -- env -i HOME="$home" PATH="$PATH" LANG=C.UTF-8 TMPDIR=/tmp HUGO_CACHEDIR="$copy/.build/hugo-cache" \
    swift test --skip-build --disable-swift-testing "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
runuser -u "$user" -- env -i HOME="$home" PATH="$PATH" LANG=C.UTF-8 TMPDIR=/tmp scripts/test-leftovers.sh check || status=1
scripts/test-summary.sh "$log" || status=1
exit "$status"
