"""Perft of Russian draughts with py-draughts, for comparison with boardctl.

py-draughts (PyPI `py-draughts`) has no perft function for its Russian
board, so this is the usual one: generate the legal moves, play each with
push/pop, count the moves at the last ply without playing them (bulk
counting, as `boardctl perft` does).

    pip install --target /tmp/py-draughts py-draughts==1.10.1
    PYTHONPATH=/tmp/py-draughts python3 crates/russian-draughts/benches/py_draughts_perft.py 9

(`--target` keeps it apart from `pydraughts`, another package that also
installs a module named `draughts`.)
"""

import sys
import time

from draughts import RussianBoard


def perft(board, depth):
    moves = board.legal_moves
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def main():
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    board = RussianBoard()
    start = time.perf_counter()
    cpu_start = time.process_time()
    nodes = perft(board, depth)
    cpu = time.process_time() - cpu_start
    seconds = time.perf_counter() - start
    print(f"depth {depth}: {nodes} nodes in {seconds:.2f} s wall ({cpu:.2f} s cpu): "
          f"{nodes / seconds / 1e6:.3f} M nodes/s wall, {nodes / cpu / 1e6:.3f} M nodes/s cpu")


if __name__ == "__main__":
    main()
