#!/usr/bin/env python3
"""Perft wall times of boardctl and the scalar C program, run in turns.

On a shared machine whose speed drifts within seconds, hyperfine's blocks
(all runs of one command, then all of the next) can catch the two programs
in different phases. Here each round runs boardctl, then C, so both see
the same phases; the minimum and the median of each are printed, and C's
time over boardctl's (above 1.00: boardctl is faster).

    crates/boardctl/tests/bench/interleaved.py BOARDCTL ANCHOR_DIR [ROUNDS]
    crates/boardctl/tests/bench/interleaved.py check NEW_BOARDCTL OLD_BOARDCTL [ROUNDS]
    crates/boardctl/tests/bench/interleaved.py startup ANCHOR_DIR BOARDCTL... [ROUNDS]

BOARDCTL: a release binary; ANCHOR_DIR: anchor-perft built with `make`.
The rows are speed.sh's time rows: the start, the positions of
tests/perft/russian-draughts.toml one depth deeper than their instruction
rows, and `-j 2` against `-j 1`.

With `check`: `check -j 1` of the new build against the old one on
speed.sh's three archives of about 10,000 games ($TMPDIR/russian-10k.pdn,
morris-10k.pdn, alquerque-10k.pdn, which speed.sh makes).

With `startup`: the start-up alone, perft of one ply from the start
(`perft --rules russian-draughts/russian 1 -j 1`, C's `perft 1
--scalar`), of each BOARDCTL and of C, each round running every program
once in turn (400 rounds unless ROUNDS is given after the programs):
the minimum, the tenth percentile and the median of each.
"""
import os
import statistics
import subprocess
import sys
import time


def run(cmd):
    """The wall time of `cmd` in milliseconds; exits, naming the command
    and its error output, when it fails (no time of a failed run counts)."""
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    took = (time.perf_counter() - start) * 1000
    if done.returncode != 0:
        err = done.stderr.decode(errors="replace").strip()
        sys.exit(f"`{' '.join(cmd)}` failed (exit status {done.returncode}): {err}")
    return took


def table(rows, rounds):
    """Runs each row's two commands in turns and prints min / median."""
    print("| row | boardctl min / median (ms) | other min / median (ms) | other ÷ boardctl |")
    print("|---|---|---|---|")
    for name, ours, other in rows:
        run(ours)
        run(other)
        a, b = [], []
        for _ in range(rounds):
            a.append(run(ours))
            b.append(run(other))
        ma, mb = min(a), min(b)
        da, db = statistics.median(a), statistics.median(b)
        print(f"| {name} | {ma:.1f} / {da:.1f} | {mb:.1f} / {db:.1f} | "
              f"{mb / ma:.2f}× / {db / da:.2f}× |", flush=True)


def check_rows(new, old):
    """`check -j 1` of two builds on the three archives."""
    tmp = os.environ.get("TMPDIR", "/tmp")
    rows = []
    for name in ["russian-10k", "morris-10k", "alquerque-10k"]:
        path = os.path.join(tmp, name + ".pdn")
        if not os.path.isfile(path):
            sys.exit(f"{path} is missing: speed.sh makes it (run it once first)")
        rows.append((f"check -j 1 {name}", [new, "check", "-j", "1", path],
                     [old, "check", "-j", "1", path]))
    return rows


def perft_rows(boardctl, anchor_dir):
    """speed.sh's perft time rows, boardctl against the C program."""
    anchor = anchor_dir + "/perft"
    rules = [boardctl, "perft", "--rules", "russian-draughts/russian"]
    rows = [
        ("start d11", rules + ["11", "-j", "1"], [anchor, "11", "--scalar"]),
        ("start d10, no bulk", rules + ["10", "--no-bulk", "-j", "1"], [anchor, "10", "--no-bulk"]),
    ]
    positions = [
        ("W:Wa1,c1,Kd2:Bb8,Kd8", 8),
        ("W:Wa1,c1,e1,g1,b2,d2,h2,a3,c3,g3,d4,f4:Bb8,d8,f8,h8,a7,c7,g7,b6,f6,h6,c5,e5", 11),
        ("W:Wa1,c1,e1,b2,f2,c3,g3,h4,Kd6:Bb8,f8,a7,e7,g7,b6,h6,c5,e5,Kd2", 10),
        ("B:WKa1,Kh2,c3,e3:BKh8,b6,Kd8,g5", 10),
    ]
    for fen, depth in positions:
        fen_args = ["--fen", fen]
        rows.append((f"{fen} d{depth}",
                     rules + fen_args + [str(depth), "-j", "1"],
                     [anchor, str(depth), "--scalar"] + fen_args))
        rows.append((f"{fen} d{depth - 1}, no bulk",
                     rules + fen_args + [str(depth - 1), "--no-bulk", "-j", "1"],
                     [anchor, str(depth - 1), "--no-bulk"] + fen_args))
    rows.append(("start d11, -j 2 against -j 1", rules + ["11", "-j", "2"], rules + ["11", "-j", "1"]))
    return rows


def startup(programs, rounds):
    """Each of `programs` (argument lists) run once a round, `rounds`
    rounds; prints the minimum, tenth percentile and median of each."""
    for cmd in programs:
        run(cmd)
    times = [[] for _ in programs]
    for _ in range(rounds):
        for cmd, t in zip(programs, times):
            t.append(run(cmd))
    print("| program | min (ms) | p10 (ms) | median (ms) |")
    print("|---|---|---|---|")
    for cmd, t in zip(programs, times):
        t.sort()
        print(f"| {cmd[0]} | {t[0]:.3f} | {t[len(t) // 10]:.3f} | "
              f"{statistics.median(t):.3f} |", flush=True)


def startup_programs(anchor_dir, builds):
    """The start-up commands: each build's one-ply perft, then C's."""
    one_ply = ["perft", "--rules", "russian-draughts/russian", "1", "-j", "1"]
    return [[b] + one_ply for b in builds] + [[anchor_dir + "/perft", "1", "--scalar"]]


def rounds_arg(args, at, default=11):
    """The ROUNDS argument at `at` (`default` when absent), a whole
    number >= 1."""
    if len(args) <= at:
        return default
    try:
        rounds = int(args[at])
    except ValueError:
        rounds = 0
    if rounds < 1:
        sys.exit(f"ROUNDS must be a whole number of at least 1, not {args[at]!r}")
    return rounds


def need_programs(paths):
    """Exits naming the first of `paths` that is not a program to run."""
    for path in paths:
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            sys.exit(f"{path} is not a program to run (a release build, or `make` in ANCHOR_DIR)")


def main():
    args = sys.argv
    check = len(args) > 1 and args[1] == "check"
    if len(args) > 1 and args[1] == "startup":
        if len(args) < 4:
            sys.exit(__doc__)
        # A last argument that is no path (no `/`) and no file is ROUNDS.
        last = args[-1]
        counted = len(args) > 4 and "/" not in last and not os.path.isfile(last)
        builds = args[3:-1] if counted else args[3:]
        rounds = rounds_arg(args, len(args) - 1, 400) if counted else 400
        need_programs(builds + [args[2] + "/perft"])
        startup(startup_programs(args[2], builds), rounds)
        return
    if len(args) < (4 if check else 3):
        sys.exit(__doc__)
    if check:
        rounds = rounds_arg(args, 4)
        need_programs([args[2], args[3]])
        table(check_rows(args[2], args[3]), rounds)
    else:
        rounds = rounds_arg(args, 3)
        need_programs([args[1], args[2] + "/perft"])
        table(perft_rows(args[1], args[2]), rounds)


if __name__ == "__main__":
    main()
