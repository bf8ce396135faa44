#!/bin/sh
# Load test of `boardctl serve` on the loopback address (docs/api.md, "Load"):
# wrk with CONNECTIONS (default 200) connections for DURATION (default 30s) on
# POST /api/check with a record of about 1 MB (make_russian_file.sh, 11 copies:
# 1,683 games) and on POST /api/game (a position and its legal moves), then the
# server's peak resident memory (VmHWM). Every request must succeed (2xx).
# Usage: load.sh [BOARDCTL]   (default: target/release/boardctl; build it first)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
bin=${1:-$root/target/release/boardctl}
connections=${CONNECTIONS:-200}
duration=${DURATION:-30s}
threads=${THREADS:-2}
command -v wrk >/dev/null || { echo "load.sh needs wrk (apt-get install wrk)" >&2; exit 2; }
[ -x "$bin" ] || { echo "no $bin: cargo build --release -p boardctl first" >&2; exit 2; }
work=$(mktemp -d)
pid=
cleanup() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

sh "$here/make_russian_file.sh" "$work/record.pdn" 11
echo "record: $(wc -c < "$work/record.pdn") bytes, $(grep -c '^\[Event' "$work/record.pdn") games"

"$bin" serve --port 0 > "$work/out" 2> "$work/err" &
pid=$!
url=
for _ in $(seq 50); do
    url=$(sed -n 's/^listening on //p' "$work/out")
    [ -n "$url" ] && break
    sleep 0.1
done
[ -n "$url" ] || { echo "the server did not start:" >&2; cat "$work/err" >&2; exit 1; }
echo "server: $url (pid $pid)"

failed=0
run() {
    kind=$1 path=$2
    echo
    echo "== POST $path: $connections connections, $duration"
    BODY_KIND=$kind RECORD="$work/record.pdn" wrk -t"$threads" -c"$connections" -d"$duration" \
        --timeout 60s --latency -s "$here/load.lua" "${url%/}$path" | tee "$work/$kind.txt"
    if grep -q -e 'Non-2xx' -e 'Socket errors' "$work/$kind.txt"; then
        echo "FAILED: some requests to $path did not succeed" >&2
        failed=1
    fi
}
run check /api/check
run game /api/game
echo
grep -e VmHWM -e VmRSS "/proc/$pid/status"
exit "$failed"
