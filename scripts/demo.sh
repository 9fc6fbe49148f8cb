#!/usr/bin/env bash
# `make demo`: runs nakedblog on the bundled demo blog (after `make build`).
# The full-screen app is not built yet; this shows what works today, read-only.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/debug/nakedblog
echo "nakedblog $("$bin" --version)"
echo
echo "\$ nakedblog list demo"
"$bin" list demo
echo
echo "\$ nakedblog meta demo/content/posts/terminal-only-week/index.md"
"$bin" meta demo/content/posts/terminal-only-week/index.md
echo
echo "\$ nakedblog preview demo/content/posts/welcome-to-nakedblog/index.md --width 72"
"$bin" preview demo/content/posts/welcome-to-nakedblog/index.md --width 72
echo
echo "Try: nakedblog new \"My first post\" --site <a copy of demo/>   (creates a page bundle from the archetype)"
