"""Reads a PDN file with pydraughts and replays every move of every game
(the same work as `boardctl check`, without its diagnostics), then prints
games, moves and seconds. pydraughts does not read the `:` capture separator
of Russian records, so each move's `:` is turned into `x` first.
Usage: python3 pydraughts_replay.py FILE.pdn"""
import sys
import time

from draughts import Board, Move
from draughts.PDN import PDNReader

start = time.perf_counter()
reader = PDNReader(filename=sys.argv[1])
games = moves = failed = 0
for game in reader.games:
    games += 1
    board = Board(variant=game.variant or "russian")
    try:
        for text in game.moves:
            board.push(Move(board, pdn_move=text.replace(":", "x")))
            moves += 1
    except Exception:  # an illegal or unreadable move ends the game
        failed += 1
seconds = time.perf_counter() - start
print(f"pydraughts: {games} games, {moves} moves, {failed} games stopped early in {seconds:.2f} s")
