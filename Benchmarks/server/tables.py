#!/usr/bin/env python3
"""The tables benchmark (run.sh --only tables): real OpenSSH clients in ptys against a running
memorize-tui-server. 1: a choose in one seat -> the other seat's first visible change (and the
chooser's own). 2: many tables with watchers: frame gaps at the clients while cards are dealt and
flipped, and memory per seat. Loopback only; every client it starts it also ends."""
import argparse
import asyncio
import itertools
import os
import re
import signal
import subprocess
import sys
import time

import procfs
from frames import bursts, percentile
from sshpty import Client, wait_quiet, wait_until

LATENCY_GOAL_MS, GAP_GOAL_MS = 38.0, 40.0
# The deal's pacing window, as the server benchmark reads it (measure.py; asyncssh not needed here).
PACED_FROM, PACED_TO = 0.2, 2.2
# No --seed: a table's deal is the server's (it refuses the flag).
TABLE_ARGS = ["--theme", "Vehicles"]
CODE = re.compile(r"join ([A-Za-z0-9]{7})\b")
# Before each choose both screens must have been still this long (a face-up card's bonus pie
# animates for up to its 6 s), so the first byte after the key is the choose's doing.
QUIET, QUIET_WAIT = 0.3, 9.0
# A choose that changes nothing on the other screen within this was out of turn (or on a card
# that cannot be chosen): the other seat tries.
NO_CHANGE = 1.5
# Sources 127.0.1.1 onwards, one per client: per-address limits (join attempts per minute,
# sessions per address) see one client each, as players come from many addresses.
_sources = (f"127.0.{1 + i // 250}.{1 + i % 250}" for i in itertools.count())


def line(name, value, unit, goal=None, note=""):
    shown = "n/a" if value is None else f"{value:.1f}"
    verdict = "" if goal is None else f"  goal <= {goal:.0f} {unit}: " + ("ok" if value is not None and value <= goal else "MISS")
    print(f"tables.{name}: {shown} {unit}{verdict}{'  # ' + note if note else ''}", flush=True)


def ms(values, p):
    v = percentile(values, p)
    return None if v is None else v * 1000


class Bench:
    def __init__(self, args):
        self.args, self.clients = args, []

    def client(self, key, user, remote):
        c = Client(self.args.port, key, user, remote, next(_sources))
        self.clients.append(c)
        return c

    async def table(self, timeout=60):
        """Seat 1 opens a table; returns (seat 1, its code) or (seat 1, None)."""
        a = self.client(self.args.key_a, "ann", ["new"] + TABLE_ARGS)
        found = await wait_until(lambda: CODE.search(a.plain()), timeout, step=0.05)
        return a, (found.group(1) if found else None)

    def close(self, clients):
        for c in clients:
            c.close()
            if c in self.clients:
                self.clients.remove(c)

    async def latency(self):
        """Chooses alternate between the seats as the turn goes; only chooses that changed the
        other screen count. A table whose chooses stop working (its game is over) is replaced."""
        other_s, own_s, attempts, tables = [], [], 0, 0
        self.idle_flip_gaps = []    # the other seat's frame gaps in each flip, on this idle server
        while len(other_s) < self.args.chooses and attempts < self.args.chooses * 5 and tables < 8:
            tables += 1
            a, code = await self.table()
            if not code:
                print(f"  no invitation on seat 1's screen: {a.plain()[-300:]!r}")
                self.close([a])
                return other_s, own_s
            b = self.client(self.args.key_b, "bob", ["join", code])
            await wait_until(lambda: b.chunks, 30)
            await wait_quiet([a, b], 0.5, 15)
            chooser, other, misses, step = a, b, 0, b"l"
            while len(other_s) < self.args.chooses and attempts < self.args.chooses * 5 and misses < 6:
                attempts += 1
                if not await wait_quiet([a, b], QUIET, QUIET_WAIT):
                    continue
                pressed = time.monotonic()
                chooser.press(b"\r")
                changed = await wait_until(lambda: other.first_after(pressed), NO_CHANGE, step=0.005)
                if changed:
                    other_s.append(changed - pressed)
                    own = chooser.first_after(pressed)
                    if own is not None:
                        own_s.append(own - pressed)
                    misses = 0
                    await asyncio.sleep(self.args.flip_window)
                    self.idle_flip_gaps += gaps_from([other], pressed, 0.0, self.args.flip_window)
                    if self.args.show:
                        print(f"  choose {len(other_s)}: {other.chunk_text(changed)[:160]!r}")
                else:
                    misses += 1
                    chooser, other = other, chooser
                    if misses % 2 == 1:
                        continue
                    if misses == 4:     # at a row's end: down a row, and back the other way
                        a.press(b"j"), b.press(b"j")
                        step = b"h" if step == b"l" else b"l"
                await wait_quiet([a, b], QUIET, QUIET_WAIT)
                a.press(step), b.press(step)
            self.close([a, b])
        return other_s, own_s

    async def load(self):
        """`tables` tables, a watcher at each of the first `watchers`, then every seat 2 joins at
        once (every table deals), then every seat 1 chooses at once (a flip at every table)."""
        n, w = self.args.tables, self.args.watchers
        opened = await asyncio.gather(*(self.table(timeout=120) for _ in range(n)))
        seats1 = [a for a, _ in opened]
        codes = [c for _, c in opened]
        print(f"  {sum(1 for c in codes if c)}/{n} tables opened")
        watchers = [self.client(self.args.key_w, "wes", ["watch", codes[i]]) for i in range(w) if codes[i]]
        await wait_until(lambda: all(x.chunks for x in watchers), 90)
        await wait_quiet(seats1 + watchers, 1.0, 30)
        cpu_before = cpu_sample(self.args.server_pid, self.clients)
        joined = time.monotonic()
        seats2 = [self.client(self.args.key_b, "bob", ["join", c]) for c in codes if c]
        await wait_until(lambda: all(x.chunks for x in seats2), 120)
        everyone = seats1 + seats2 + watchers
        await wait_quiet(everyone, 0.5, 30)
        cpu = cpu_between(cpu_before, cpu_sample(self.args.server_pid, self.clients), time.monotonic() - joined)
        firsts = sorted(x.chunks[0][0] for x in seats2 if x.chunks)
        cpu["deal_spread"] = firsts[-1] - firsts[0] if firsts else None
        memory = sample_memory(self.args.server_pid)
        deal_gaps = gaps_from(everyone, joined, PACED_FROM, PACED_TO)

        pressed = time.monotonic()
        for a in seats1:
            a.press(b"\r")
        await asyncio.sleep(2.0)
        flip_gaps = gaps_from(everyone, pressed, 0.0, self.args.flip_window)
        held = sum(1 for c in everyone if c.alive())
        up = sum(1 for c in everyone if c.chunks)
        self.close(everyone)
        return deal_gaps, flip_gaps, memory, held, up, len(everyone), cpu


def gaps_from(clients, after, start, end):
    """Gaps (ms) between a client's frames from `start` to `end` s after its first frame that
    came after `after` (a table's deal or flip begins on each screen when its log entry comes)."""
    gaps = []
    for c in clients:
        starts = bursts(c.chunks, after)
        if starts:
            paced = [t for t in starts if starts[0] + start <= t < starts[0] + end]
            gaps += [(y - x) * 1000 for x, y in zip(paced, paced[1:])]
    return gaps


def cpu_sample(root, clients):
    """CPU ns so far of the server's processes, its games, the ssh clients and this driver."""
    out = {"server": 0, "games": 0, "ssh": 0, "driver": procfs._cpu_ns(os.getpid()) or 0, "at": time.monotonic()}
    for pid, (comm, _, ns) in procfs.sample(root).items():
        out["games" if comm == procfs.GAME_COMM else "server"] += ns
    out["ssh"] = sum(procfs._cpu_ns(c.process.pid) or 0 for c in clients)
    return out


def cpu_between(before, after, seconds):
    """% of the machine's cores each part used between two samples (exited processes drop out,
    so this is a lower bound)."""
    cores = os.cpu_count() or 1
    return {k: max(0, after[k] - before[k]) / 1e9 / seconds / cores * 100 for k in ("server", "games", "ssh", "driver")} | {"seconds": seconds}


def sample_memory(root):
    """{'server'|'game': (PSS KiB, private dirty KiB, processes)} of the server's tree now."""
    out = {"server": [0, 0, 0], "game": [0, 0, 0]}
    for pid in procfs.descendants(root):
        comm, rollup = procfs._read(f"/proc/{pid}/comm"), procfs._read(f"/proc/{pid}/smaps_rollup")
        if comm is None or rollup is None:
            continue
        fields = {l.split()[0]: int(l.split()[1]) for l in rollup.splitlines()[1:] if len(l.split()) >= 2}
        part = out["game" if comm.strip() == procfs.GAME_COMM else "server"]
        part[0] += fields.get("Pss:", 0)
        part[1] += fields.get("Private_Dirty:", 0)
        part[2] += 1
    return out


async def main(args):
    if not await wait_until(lambda: procfs.listening(args.port), 30, step=0.1):
        sys.exit(f"tables: nothing listens on 127.0.0.1:{args.port}")
    version = subprocess.run(["ssh", "-V"], capture_output=True, text=True).stderr.strip()
    print(f"client: {version}, one ssh -tt per seat/watcher in its own {os.path.basename(__file__)} pty; "
          f"table {' '.join(TABLE_ARGS)}")
    bench = Bench(args)
    try:
        print(f"\n## tables 1: a choose in one seat -> first visible change, {args.chooses} chooses, one table at a time")
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
        other, own = await bench.latency()
        line("other_seat.p50", ms(other, 50), "ms", note=f"{len(other)} chooses")
        line("other_seat.p95", ms(other, 95), "ms", LATENCY_GOAL_MS)
        line("own_screen.p50", ms(own, 50), "ms", note="the chooser's own pty, for comparison")
        line("own_screen.p95", ms(own, 95), "ms")

        print(f"\n## tables 2: {args.tables} tables ({2 * args.tables} seats) and {args.watchers} watchers")
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
        deal, flip, memory, held, up, total, cpu = await bench.load()
        print(f"  clients with a screen: {up}/{total}; still connected at the end: {held}/{total}")
        print(f"  deal: seat 2's first frames spread over {cpu['deal_spread']:.2f} s (joins started at once); "
              f"CPU from the joins to every screen still, {cpu['seconds']:.1f} s, as % of all {os.cpu_count()} cores: "
              f"games {cpu['games']:.0f}, server {cpu['server']:.0f}, ssh clients {cpu['ssh']:.0f}, "
              f"this driver {cpu['driver']:.0f}", flush=True)
        line("deal.gap.p50", percentile(deal, 50), "ms", note=f"{len(deal)} gaps, {PACED_FROM}-{PACED_TO} s into each screen's deal")
        line("deal.gap.p95", percentile(deal, 95), "ms", GAP_GOAL_MS)
        line("flip.gap.p50", percentile(flip, 50), "ms", note=f"{len(flip)} gaps, first {args.flip_window} s of each screen's flip")
        line("flip.gap.p95", percentile(flip, 95), "ms", GAP_GOAL_MS)
        idle = bench.idle_flip_gaps
        line("flip.gap.idle.p95", percentile(idle, 95), "ms",
             note=f"{len(idle)} gaps: the other seat's flips in part 1, one table on the server (the yardstick)")
        games, server = memory["game"], memory["server"]
        sessions = max(games[2], 1)
        seats = 2 * args.tables
        line("memory.per_seat", (games[0] + server[0]) / seats / 1024, "MiB",
             note=f"PSS of the server and all {games[2]} games (watchers' too) / {seats} seats")
        line("memory.per_session", (games[0] + server[0]) / sessions / 1024, "MiB",
             note=f"the same / {games[2]} sessions (seats and watchers); game {games[0] / sessions / 1024:.2f} "
                  f"+ server {server[0] / sessions / 1024:.2f}")
        line("memory.private_dirty.per_session", (games[1] + server[1]) / sessions / 1024, "MiB",
             note="as the server benchmark counts it (smaps_rollup Private_Dirty)")
        print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    finally:
        bench.close(list(bench.clients))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--server-pid", type=int, required=True)
    parser.add_argument("--key-a", required=True, help="seat 1's key")
    parser.add_argument("--key-b", required=True, help="seat 2's key")
    parser.add_argument("--key-w", required=True, help="the watchers' key")
    parser.add_argument("--chooses", type=int, default=40)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--watchers", type=int, default=50)
    parser.add_argument("--flip-window", type=float, default=0.5, help="seconds of each flip read (its animation)")
    parser.add_argument("--show", action="store_true", help="print what the other seat got first, each choose")
    a = parser.parse_args()
    for name, value, cap in (("chooses", a.chooses, 200), ("tables", a.tables, 60), ("watchers", a.watchers, a.tables)):
        if not 0 < value <= cap:
            parser.error(f"--{name} must be 1-{cap}")
    # SIGTERM (timeout, run.sh's cleanup) unwinds like ^C, so every ssh client is closed.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        asyncio.run(asyncio.wait_for(main(a), timeout=900))
    except KeyboardInterrupt:
        sys.exit("tables: interrupted (every client it started is closed)")
