#!/usr/bin/python3
"""The engine alone: the searches `pgnkit analyse --force` makes, sent straight to N engines.

Reads games as UCI move lines (`pgnkit convert --to uci`, standard start), deals them to N
engine processes in turn (game i to engine i % N), and for each game sends what analyse sends:
`ucinewgame`, `isready`, then for every position of the main line `position startpos moves
...` and `go nodes N`, waiting for `bestmove`. Prints the positions searched and the seconds.

Usage: analyse_reference.py ENGINE NODES ENGINES < games.uci
"""
import subprocess
import sys
import threading
import time


def run_engine(path, nodes, games, counts, index):
    p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def wait_for(prefix):
        for line in p.stdout:
            if line.startswith(prefix):
                return
        raise SystemExit("engine exited")

    send("uci")
    wait_for("uciok")
    send("setoption name Threads value 1")
    searched = 0
    for moves in games:
        send("ucinewgame")
        send("isready")
        wait_for("readyok")
        for i in range(len(moves) + 1):
            send("position startpos" + (" moves " + " ".join(moves[:i]) if i else ""))
            send("go nodes %d" % nodes)
            wait_for("bestmove")
            searched += 1
    send("quit")
    p.wait()
    counts[index] = searched


def main():
    path, nodes, engines = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    games = [line.split() for line in sys.stdin if line.strip()]
    counts = [0] * engines
    start = time.monotonic()
    threads = [threading.Thread(target=run_engine,
                                args=(path, nodes, games[i::engines], counts, i))
               for i in range(engines)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print("%d %.3f" % (sum(counts), time.monotonic() - start))


if __name__ == "__main__":
    main()
