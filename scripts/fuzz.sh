#!/usr/bin/env bash
# Runs each libFuzzer target for $1 seconds (built by `make fuzz`). Fails if any target crashes.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-200}
bin=.build-fuzz/debug
# TOMLKit leaks a strdup per string it reads (its bug, not a crash): leaks are not failures here.
export ASAN_OPTIONS=detect_leaks=0
status=0
for target in FuzzFrontMatter FuzzPreview FuzzKeys; do
    corpus=Fuzz/corpus/$target
    crashes=Fuzz/crashes/$target
    mkdir -p "$corpus" "$crashes"
    if [ -z "$(ls -A "$corpus")" ]; then
        # Seeds: real posts for the text targets, a few key sequences for the decoder.
        case $target in
            FuzzKeys) printf 'abc\x1b[A\x1b[1;2C\x1b[200~paste\x1b[201~\x7f\x08\r' > "$corpus/keys" ;;
            *) find ../shared/corpus demo demo-jekyll Tests/PreviewTests/Fixtures -name '*.md' -size -64k 2>/dev/null | head -300 |
                   while read -r f; do cp "$f" "$corpus/$(echo "$f" | md5sum | cut -c1-16)"; done ;;
        esac
        if [ -z "$(ls -A "$corpus")" ]; then echo "fuzz: no seeds for $target (demo/ and Tests/PreviewTests/Fixtures are missing?)"; exit 1; fi
    fi
    # Attack seeds (alias bombs, deep nesting, escapes) always join the text targets' corpus.
    [ "$target" != FuzzKeys ] && cp -n Fuzz/seeds/* "$corpus/" 2>/dev/null
    echo "fuzz: $target for ${seconds}s"
    if ! "$bin/$target" "$corpus" -max_total_time="$seconds" -rss_limit_mb=4096 -max_len=16384 -detect_leaks=0 \
            -artifact_prefix="$crashes/" -print_final_stats=1 2> "$crashes/last-run.log"; then
        echo "fuzz: $target CRASHED; see $crashes/ (and $crashes/last-run.log)"
        tail -30 "$crashes/last-run.log"
        status=1
    else
        grep -E "stat::number_of_executed_units|DONE" "$crashes/last-run.log" | tail -2
    fi
done
exit $status
