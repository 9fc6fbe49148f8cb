#!/bin/sh
# Part of `make test`: the test harness must clean up after itself.
#   scripts/test-leftovers.sh start   remember the test processes and folders already there
#   scripts/test-leftovers.sh check   fail if the run left a test server running or a folder behind
# Test servers and folders are the harness's temporary directories (TMPDIR/nb-*); a server's
# command line names its folder.
set -eu
tmp=${TMPDIR:-/tmp}
state=.build/test-leftovers
pattern="${tmp%/}/nb-[a-z0-9-]+-[A-Za-z0-9]{6}"

processes() { pgrep -f -- "$pattern" | grep -v "^$$\$" | sort || true; }
folders() { find "$tmp" -maxdepth 1 -name 'nb-*' 2>/dev/null | sort; }

case "${1:-}" in
start)
    mkdir -p "$state"
    processes > "$state/processes"
    folders > "$state/folders"
    ;;
check)
    [ -d "$state" ] || exit 0
    new_processes=$(processes | comm -13 "$state/processes" -)
    new_folders=$(folders | comm -13 "$state/folders" -)
    status=0
    if [ -n "$new_processes" ]; then
        echo "test-leftovers: the tests left these processes running:" >&2
        for pid in $new_processes; do ps -o pid=,args= -p "$pid" >&2 || true; done
        status=1
    fi
    if [ -n "$new_folders" ]; then
        echo "test-leftovers: the tests left these folders behind:" >&2
        echo "$new_folders" | sed 's/^/  /' >&2
        status=1
    fi
    [ $status -eq 0 ] && echo "test-leftovers: no test server left running, no test folder left behind"
    exit $status
    ;;
*)
    echo "usage: $0 start|check" >&2
    exit 2
    ;;
esac
