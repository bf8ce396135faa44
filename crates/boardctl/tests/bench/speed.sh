#!/usr/bin/env bash
# The speed figures of docs/performance.md, each measured side by side in one
# run: instruction counts (callgrind; they do not drift on a shared machine)
# and wall times (hyperfine) of this build, an older build and the scalar C
# perft program.
#
#   crates/boardctl/tests/bench/speed.sh OLD_BOARDCTL ANCHOR_DIR [instructions|time|all]
#
# OLD_BOARDCTL: a release binary of the commit compared against (built from
# `git archive COMMIT | tar -x -C DIR`); ANCHOR_DIR: a copy of the
# anchor-perft C program (kept outside this repository) with `make` run
# (./perft) and, for callgrind,
# `gcc -O3 -march=x86-64-v3 -DNO_SIMD -o perft-cg perft.c` (valgrind cannot
# run its AVX-512 start-up). Needs valgrind and hyperfine; builds this
# workspace's release binary as handed out (`cargo xtask dist`: linked
# statically, where `cargo xtask dist` puts it, `CARGO_TARGET_DIR` included)
# and the benchmark files under $TMPDIR. `RUSTFLAGS` reaches that build:
# `RUSTFLAGS="-C target-cpu=x86-64-v3" speed.sh ...` measures a binary for
# the processor level of 2015 on instead of the x86-64-v2 it is handed out at.
set -euo pipefail

usage="usage: speed.sh OLD_BOARDCTL ANCHOR_DIR [instructions|time|all]"
fail() {
    echo "speed.sh: $1" >&2
    exit 2
}
[ $# -ge 2 ] && [ $# -le 3 ] || fail "$usage"
old=$1
anchor=$2
what=${3:-all}
case $what in
instructions | time | all) ;;
*) fail "the third argument is instructions, time or all, not \`$what\`" ;;
esac
[ -f "$old" ] && [ -x "$old" ] || fail "OLD_BOARDCTL \`$old\` is not a program to run (a release build of the commit compared against)"
[ -x "$anchor/perft" ] || fail "ANCHOR_DIR \`$anchor\` holds no ./perft (run make there)"
if [ "$what" != time ] && [ ! -x "$anchor/perft-cg" ]; then
    fail "ANCHOR_DIR \`$anchor\` holds no ./perft-cg for callgrind (gcc -O3 -march=x86-64-v3 -DNO_SIMD -o perft-cg perft.c)"
fi
root=$(cd "$(dirname "$0")/../../../.." && pwd)
tmp=${TMPDIR:-/tmp}
# Builds before perft on threads count on one thread without `-j`.
oldj="-j 1"
"$old" perft --help | grep -q -- '-j, ' || oldj=""

# The binary's path is the last line `cargo xtask dist` prints.
new=$(cd "$root" && cargo xtask dist | tail -n 1)
[ -x "$new" ] || fail "cargo xtask dist gave no program to run (\`$new\`)"
archive() {
    (cd "$root" && cargo run --release -q -p boardctl --example make_archive -- "$@")
}
bench=$root/crates/boardctl/tests/bench
[ -f "$tmp/russian-918.pdn" ] || "$bench/make_russian_file.sh" "$tmp/russian-918.pdn" 6 >/dev/null
[ -f "$tmp/russian-10k.pdn" ] || "$bench/make_russian_file.sh" "$tmp/russian-10k.pdn" >/dev/null
# The same 918 games with their tags alone, each movetext replaced by the
# Result tag's value: what `check` spends on a game apart from its moves.
[ -f "$tmp/russian-918-tags.pdn" ] || awk '{ sub(/\r$/, "") }
    /^\[/ { print; if ($1 == "[Result") { r = $2; gsub(/["\]]/, "", r) } next }
    /^$/ && r != "" { print ""; print r; print ""; r = "" }' \
    "$tmp/russian-918.pdn" >"$tmp/russian-918-tags.pdn"
# Version 1 of nine men's morris, which builds from before its version 2 read too.
for game in morris/nine-mens-morris@1 alquerque/alquerque; do
    name=${game%%/*}
    [ -f "$tmp/$name-10k.pdn" ] || archive "$game" 10000 1 >"$tmp/$name-10k.pdn"
    [ -f "$tmp/$name-1k.pdn" ] || archive "$game" 1000 1 >"$tmp/$name-1k.pdn"
done

# Instructions of one command, in millions.
instr() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        sed -n 's/.*refs: *//p' | tr -d , | awk '{printf "%.2f M", $1 / 1e6}'
}

# One row: label, then the counts of the given commands (each a quoted string).
row() {
    local label=$1
    shift
    printf '| %s ' "$label"
    for cmd in "$@"; do
        # shellcheck disable=SC2086
        printf '| %s ' "$(instr $cmd)"
    done
    printf '|\n'
}

# The positions of tests/perft/russian-draughts.toml other than the start,
# each with the deepest depth of at most 8 million leaves ("FEN DEPTH").
positions=()
while IFS= read -r line; do positions+=("$line"); done < <(
    awk -F'"' '/^\[\[/{fen=""} /^fen = /{fen=$2}
        /^nodes = / && fen != "" {n=split($0, a, /[^0-9]+/); d=0; k=0
            for (i=1; i<=n; i++) if (a[i] != "") { k++; if (a[i] + 0 <= 8000000) d=k }
            print fen, d}' "$root/tests/perft/russian-draughts.toml"
)

if [ "$what" != time ]; then
    echo "## Instructions (callgrind): old | new | C"
    echo
    r="--rules russian-draughts/russian"
    row "perft start d8, bulk" "$old perft $r 8 $oldj" "$new perft $r 8 -j 1" "$anchor/perft-cg 8 --scalar"
    row "perft start d1 (start-up)" "$old perft $r 1 $oldj" "$new perft $r 1 -j 1" "$anchor/perft-cg 1 --scalar"
    row "perft start d7, no bulk" "$old perft $r 7 --no-bulk $oldj" "$new perft $r 7 --no-bulk -j 1" "$anchor/perft-cg 7 --no-bulk"
    for position in "${positions[@]}"; do
        fen=${position% *}
        depth=${position##* }
        row "perft '$fen' d$depth, bulk" \
            "$old perft $r --fen $fen $depth $oldj" \
            "$new perft $r --fen $fen $depth -j 1" \
            "$anchor/perft-cg $depth --scalar --fen $fen"
        row "perft '$fen' d$((depth - 1)), no bulk" \
            "$old perft $r --fen $fen $((depth - 1)) --no-bulk $oldj" \
            "$new perft $r --fen $fen $((depth - 1)) --no-bulk -j 1" \
            "$anchor/perft-cg $((depth - 1)) --no-bulk --fen $fen"
    done
    row "International perft start d7, bulk" \
        "$old perft --rules russian-draughts/international 7 $oldj" \
        "$new perft --rules russian-draughts/international 7 -j 1"
    row "check -j 1, 918 Russian games" "$old check -j 1 $tmp/russian-918.pdn" "$new check -j 1 $tmp/russian-918.pdn"
    row "check -j 1, the same 918 games' tags alone (no moves)" \
        "$old check -j 1 $tmp/russian-918-tags.pdn" "$new check -j 1 $tmp/russian-918-tags.pdn"
    # The issue's build cannot read the draw-rule profile: this build only.
    row "check -j 1 --rules russian-draughts/russian@2 --force-rules, 918 Russian games (this build)" \
        "$new check -j 1 --rules russian-draughts/russian@2 --force-rules $tmp/russian-918.pdn"
    row "check -j 1, 1,000 morris games" "$old check -j 1 $tmp/morris-1k.pdn" "$new check -j 1 $tmp/morris-1k.pdn"
    row "check -j 1, 1,000 alquerque games" "$old check -j 1 $tmp/alquerque-1k.pdn" "$new check -j 1 $tmp/alquerque-1k.pdn"
    echo
fi

if [ "$what" != instructions ]; then
    echo "## Wall time (hyperfine, one run each block)"
    hyperfine -N -w 2 -r 10 \
        "$old perft --rules russian-draughts/russian 11 $oldj" \
        "$new perft --rules russian-draughts/russian 11 -j 1" \
        "$anchor/perft 11 --scalar"
    hyperfine -N -w 1 -r 5 \
        "$old perft --rules russian-draughts/russian 10 --no-bulk $oldj" \
        "$new perft --rules russian-draughts/russian 10 --no-bulk -j 1" \
        "$anchor/perft 10 --no-bulk"
    hyperfine -N -w 2 -r 10 \
        "$new perft --rules russian-draughts/russian 11 -j 2" \
        "$new perft --rules russian-draughts/russian 11 -j 1"
    hyperfine -N -w 1 -r 5 "$new perft --rules russian-draughts/international 9 -j 1"
    for position in "${positions[@]}"; do
        fen=${position% *}
        depth=$((${position##* } + 1))
        hyperfine -N -w 1 -r 5 \
            "$new perft --rules russian-draughts/russian --fen $fen $depth -j 1" \
            "$anchor/perft $depth --scalar --fen $fen"
        hyperfine -N -w 1 -r 5 \
            "$new perft --rules russian-draughts/russian --fen $fen $((depth - 1)) --no-bulk -j 1" \
            "$anchor/perft $((depth - 1)) --no-bulk --fen $fen"
    done
    for file in russian-10k morris-10k alquerque-10k; do
        hyperfine -N -w 2 -r 10 \
            "$old check -j 1 $tmp/$file.pdn" \
            "$new check -j 1 $tmp/$file.pdn"
    done
fi
