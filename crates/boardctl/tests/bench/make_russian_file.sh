#!/bin/sh
# Writes a benchmark file of Russian games: COPIES copies (default 66, which
# gives 10,098 games, 6.15 MiB) of the 153 real games of
# tests/data/corpus/russian/ussr1947.pdn, each with its start FEN (the
# standard start position, in a numbering pydraughts reads differently)
# replaced by [GameType "25"], so boardctl and pydraughts read the same text.
# Usage: make_russian_file.sh OUT.pdn [COPIES]
set -eu
fail() {
    echo "make_russian_file.sh: $1" >&2
    exit 2
}
[ $# -ge 1 ] && [ $# -le 2 ] || fail "usage: make_russian_file.sh OUT.pdn [COPIES]"
here=$(dirname "$0")
src="$here/../../../../tests/data/corpus/russian/ussr1947.pdn"
out=$1
copies=${2-66}
case $copies in
'' | *[!0-9]*) fail "COPIES is a whole number of at least 1, not \`$copies\`" ;;
esac
[ "$copies" -ge 1 ] || fail "COPIES is a whole number of at least 1, not \`$copies\`"
[ -f "$src" ] || fail "the source games are missing: $src"
# The output is created first: a path that cannot be written stops here.
: > "$out"
one=$(mktemp)
sed 's/^\[FEN "[^"]*"\]/[GameType "25"]/' "$src" > "$one"
i=0
while [ "$i" -lt "$copies" ]; do
    cat "$one" >> "$out"
    i=$((i + 1))
done
rm -f "$one"
