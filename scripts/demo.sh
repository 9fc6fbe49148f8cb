#!/usr/bin/env bash
# `make demo`: runs nakedblog on the bundled demo blog (after `make build`).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/debug/nakedblog
"$bin" --version
echo
echo "The demo blog (demo/) — posts as Hugo sees them:"
find demo/content -name 'index*.md' | sort
