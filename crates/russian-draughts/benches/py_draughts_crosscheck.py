"""Cross-check of the move generator against py-draughts on random positions.

Plays random games with py-draughts, then compares perft(2) of up to N of
the positions reached with `boardctl perft`.

    pip install --target /tmp/py-draughts py-draughts==1.10.1
    cargo build --release -p boardctl
    PYTHONPATH=/tmp/py-draughts python3 \\
        crates/russian-draughts/benches/py_draughts_crosscheck.py russian SEED GAMES N

Variants: russian, brazilian, international. (py-draughts' American board
numbers the squares mirrored left-right against PDN GameType 21 and lets
White move first, so English positions do not compare directly.)
"""

import os
import random
import subprocess
import sys

from draughts import BrazilianBoard, RussianBoard, StandardBoard

TARGET = os.environ.get("CARGO_TARGET_DIR", "target")
BOARDCTL = os.path.join(TARGET, "release", "boardctl")
BOARDS = {"russian": RussianBoard, "brazilian": BrazilianBoard, "international": StandardBoard}


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


def fen_of(board):
    fen = board.fen
    return fen[6:-2] if fen.startswith('[FEN "') else fen


def main():
    variant = sys.argv[1]
    seed, games, limit = (int(a) for a in (sys.argv[2:5] + ["1", "20", "300"][len(sys.argv) - 2:]))
    board_class = BOARDS[variant]
    random.seed(seed)
    fens = []
    for _ in range(games):
        board = board_class()
        for _ in range(150):
            moves = board.legal_moves
            if not moves:
                break
            fens.append(fen_of(board))
            board.push(random.choice(moves))
    random.shuffle(fens)
    differ = 0
    for fen in fens[:limit]:
        theirs = perft(board_class.from_fen(fen), 2)
        out = subprocess.run(
            [BOARDCTL, "perft", "--rules", f"russian-draughts/{variant}", "--fen", fen, "2"],
            capture_output=True, text=True, check=True)
        # `depth<TAB>nodes` for each depth up to 2.
        ours = int(out.stdout.splitlines()[-1].split("\t")[1])
        if ours != theirs:
            differ += 1
            print(f"DIFF {fen}: py-draughts {theirs}, boardctl {ours}")
    print(f"{variant}: {min(limit, len(fens))} positions, {differ} differ")


if __name__ == "__main__":
    main()
