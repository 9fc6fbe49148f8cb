#!/usr/bin/env bash
# `make demo`: runs nakedblog on the bundled demo blog (after `make build`).
# On a terminal: the full app (`nakedblog demo`): a local remote is made from demo/, cloned through
# the clone screen, and opened; publishing pushes to that local remote. Without a terminal (CI, a
# pipe), a tour of the command-line side instead.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/debug/nakedblog
if [ -t 0 ] && [ -t 1 ] && [ -n "${TERM:-}" ] && [ "${TERM}" != dumb ]; then
    exec "$bin" demo "$@"
fi
echo "nakedblog $("$bin" --version)"
echo "(no terminal: showing the command-line side; run \`make demo\` in a terminal for the full app)"
echo
echo "\$ nakedblog list demo"
"$bin" list demo
echo
echo "\$ nakedblog meta demo/content/posts/terminal-only-week/index.md"
"$bin" meta demo/content/posts/terminal-only-week/index.md
echo
echo "\$ nakedblog preview demo/content/posts/welcome-to-nakedblog/index.md --width 72"
"$bin" preview demo/content/posts/welcome-to-nakedblog/index.md --width 72
