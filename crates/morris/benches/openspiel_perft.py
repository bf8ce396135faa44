"""Perft of OpenSpiel's nine_mens_morris, for the side-by-side speed
comparison in README.md ("Morris games").

OpenSpiel makes a removal an action of its own (after a mill the same player
moves again and its legal actions are the men it may take), so its move tree
is the removal-ply tree: compare with `perft --removal-ply`. Leaves at the
last ply are counted in bulk (len(legal_actions())), as boardctl does.

    pip install open_spiel
    python3 crates/morris/benches/openspiel_perft.py 6
"""

import sys
import time

import pyspiel


def perft(state, depth):
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(perft(state.child(a), depth - 1) for a in actions)


def main():
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    game = pyspiel.load_game("nine_mens_morris")
    start = game.new_initial_state()
    t = time.perf_counter()
    nodes = perft(start, depth)
    secs = time.perf_counter() - t
    print(f"{depth}\t{nodes}\t{secs:.2f}s\t{nodes / secs:.0f} nodes/s")


if __name__ == "__main__":
    main()
