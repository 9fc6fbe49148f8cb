#!/usr/bin/env bash
# The last lines of `make test`: how many tests ran, passed and failed, and how many were skipped
# and why, grouped by kind (a skip's reason starts with its kind: `no hugo:`, `not root:`,
# `as root:`, `no corpus:` — Tests/TestSupport/Requirements.swift).
#   scripts/test-summary.sh LOG          print the summary of swift test's output in LOG
#   scripts/test-summary.sh --ci LOG     also fail when a test skipped for anything but privilege
#                                        (`not root`, `as root`): on a machine set up by
#                                        scripts/setup.sh nothing else may be missing
set -uo pipefail
strict=0
if [ "${1:-}" = "--ci" ]; then strict=1; shift; fi
log=${1:?usage: scripts/test-summary.sh [--ci] LOG}
[ -f "$log" ] || { echo "test-summary: no test output at $log" >&2; exit 1; }

# "…: Class.test : Test skipped - no hugo: it is not installed; …" → "Class.test<TAB>no hugo"
skips=$(sed -n 's/^.*: \([A-Za-z0-9_]*\.[A-Za-z0-9_]*\) : Test skipped - \(.*\)$/\1\t\2/p' "$log" | sort -u -t$'\t' -k1,1 |
        awk -F'\t' '{ kind = $2; sub(/:.*/, "", kind); if (kind == $2) kind = "unexplained"; print kind }')
count=$(printf '%s' "$skips" | grep -c . || true)
if [ "$count" -eq 0 ]; then
    echo "skipped 0"
else
    echo "skipped $count: $(printf '%s\n' "$skips" | sort | uniq -c | sort -k1,1nr -k2 |
        awk '{ n = $1; $1 = ""; sub(/^ /, ""); printf "%s%s (%d)", (NR > 1 ? ", " : ""), $0, n }')"
fi
# The plain closing line: XCTest's own for the whole run.
total=$(grep -E "^[[:space:]]*Executed [0-9]+ tests?, with" "$log" | tail -1)
executed=$(sed -n 's/^[[:space:]]*Executed \([0-9]*\) tests*,.*$/\1/p' <<<"$total")
failed=$(sed -n 's/^.* with .*\b\([0-9][0-9]*\) failures*.*$/\1/p' <<<"$total")
if [ -n "$executed" ]; then
    echo "tests: $((executed - count - ${failed:-0})) passed, ${failed:-0} failed, $count skipped"
fi
if [ "$strict" -eq 1 ]; then
    unexplained=$(printf '%s\n' "$skips" | grep -v -x -e "not root" -e "as root" | grep . || true)
    if [ -n "$unexplained" ]; then
        echo "test-summary: tests skipped for something other than privilege ($(printf '%s\n' "$unexplained" | sort -u | paste -sd, -)):" \
             "scripts/setup.sh installs every program and file they need; a skip here hides a missing part" >&2
        exit 1
    fi
fi
exit 0
