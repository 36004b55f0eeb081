#!/usr/bin/env python3
"""Drives the server benchmark (run.sh starts the servers, this measures them side by side and
prints one line per figure). Loopback only; every session it opens it also quits."""
import argparse
import asyncio
import os
import platform
import statistics
import sys
import time

import asyncssh

import measure
import procfs
from local import LocalTarget
from players import CIPHERS, COLUMNS, GAME_ARGS, KEX, ROWS, TERM, Target

GAP_P95_GOAL_MS = 40.0


def line(name, value, unit="", note=""):
    shown = "n/a" if value is None else (f"{value:.2f}" if isinstance(value, float) else str(value))
    print(f"{name}: {shown}{' ' + unit if unit else ''}{'  # ' + note if note else ''}", flush=True)


def verdict(name, ok, detail):
    print(f"goal {name}: {'met' if ok else 'MISSED'} ({detail})", flush=True)


def ms(values, p):
    v = measure.percentile(values, p)
    return None if v is None else v * 1000


async def main(args):
    targets = [Target.parse(t) for t in args.target]
    keys = [asyncssh.read_private_key(args.client_key)]
    for t in targets:
        deadline = time.monotonic() + 30
        while not procfs.listening(t.port):
            if time.monotonic() > deadline:
                sys.exit(f"drive: {t.name} is not listening on 127.0.0.1:{t.port} after 30 s")
            await asyncio.sleep(0.1)

    print(f"client: asyncssh {asyncssh.__version__} (Python {platform.python_version()}), one process for all "
          f"sessions; kex {KEX[0]}, cipher {CIPHERS[0]}; pty {COLUMNS}x{ROWS} {TERM}; game {GAME_ARGS}")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    if args.game:
        # Last, so it never has the first turn: listening checks above are for the servers only.
        targets.append(LocalTarget(args.game))
        print("pty-only: the same game in a local pty, no SSH, read by the same client loop (the yardstick)")
    figures = {t.name: {} for t in targets}

    print(f"\n## 1 connect -> first full frame, 1 session, {args.alone} sessions one after another, servers taking turns")
    alone = {t.name: [] for t in targets}
    handshakes = {t.name: [] for t in targets}
    for i in range(args.alone):
        for t in targets:
            seconds, handshake, status = await measure.first_frame_alone(t, keys, i)
            alone[t.name].append(seconds)
            handshakes[t.name].append(handshake)
            if status != 0:
                print(f"  {t.name}: session {i} ended with status {status}")
    for t in targets:
        figures[t.name]["alone"] = (ms(alone[t.name], 50), ms(alone[t.name], 95))
        line(f"{t.name}.first_frame.1.p50", figures[t.name]["alone"][0], "ms")
        line(f"{t.name}.first_frame.1.p95", figures[t.name]["alone"][1], "ms")
        if not getattr(t, "local", False):
            line(f"{t.name}.handshake.1.p50", ms(handshakes[t.name], 50), "ms",
                 "of which: TCP connect, key exchange and public-key authentication")

    print(f"\n## 2 connect -> first full frame with {args.concurrent} concurrent sessions ({args.rounds} rounds), "
          f"and memory per session with them up (private dirty, smaps_rollup)")
    crowd = {t.name: [] for t in targets}
    memory = {t.name: [] for t in targets}
    for r in range(args.rounds):
        for t in targets:
            result = await measure.concurrent(t, keys, args.concurrent)
            crowd[t.name] += result["first_frames"]
            memory[t.name].append(measure.memory_per_session(result))
            if result["errors"] or result["clean_exits"] != result["quits"]:
                print(f"  {t.name} round {r}: {len(result['errors'])} failed to open "
                      f"({'; '.join(sorted(set(result['errors'])))[:300]}), {result['clean_exits']}/{result['quits']} exited 0")
    for t in targets:
        figures[t.name]["crowd"] = (ms(crowd[t.name], 50), ms(crowd[t.name], 95))
        line(f"{t.name}.first_frame.{args.concurrent}.p50", figures[t.name]["crowd"][0], "ms")
        line(f"{t.name}.first_frame.{args.concurrent}.p95", figures[t.name]["crowd"][1], "ms")
        mems = [m for m in memory[t.name] if m]
        if mems and not getattr(t, "local", False):
            pick = lambda k: statistics.median(m[k] for m in mems) / 1024
            figures[t.name]["memory"] = pick("total")
            line(f"{t.name}.memory.per_session", pick("total"), "MiB",
                 f"server {pick('server'):.2f} + game {pick('game'):.2f}; tree / sessions, median of rounds")
            line(f"{t.name}.memory.marginal", pick("marginal"), "MiB", "tree with the sessions minus without, / sessions")
            line(f"{t.name}.processes_per_session", statistics.median(m["processes_per_session"] for m in mems))

    print(f"\n## 3 CPU per animating session: {args.animating} sessions press d at once (deal, "
          f"{measure.DEAL_SECONDS} s), servers otherwise idle")
    for t in targets:
        result = await measure.deal_at_once(t, keys, args.animating, idle=0, first_index=1000)
        report_deal(t, result, figures, "cpu")

    print(f"\n## 4 load: {args.idle} idle sessions plus {args.animating} dealing at once; "
          f"pacing as the clients read it (gaps between frames {measure.PACED_FROM}-{measure.PACED_TO} s into the deal)")
    for t in targets:
        if t.name in args.load_skip:
            print(f"{t.name}: skipped (--load-skip)")
            continue
        result = await measure.deal_at_once(t, keys, args.animating, idle=args.idle, first_index=2000)
        report_deal(t, result, figures, "load")

    print_goals(targets, figures, args)


def report_deal(t, result, figures, key):
    n = max(result["dealers"], 1)
    server_pct = result["server_cpu_ns"] / 1e9 / result["window"] / n * 100
    game_pct = result["game_cpu_ns"] / 1e9 / result["window"] / n * 100
    gaps = result["gaps"]
    figures[t.name][key] = {"gap95": measure.percentile(gaps, 95), "held": result["held"],
                            "wanted": result["idlers"] + result["dealers"] + len(result["errors"]),
                            "server_pct": server_pct}
    line(f"{t.name}.{key}.sessions_held", f"{result['held']}/{figures[t.name][key]['wanted']}",
         note=f"{result['clean_exits']}/{result['quits']} exited 0 on q")
    if result["errors"]:
        print(f"  {t.name}: {len(result['errors'])} failed to open: {'; '.join(sorted(set(result['errors'])))[:300]}")
    if not getattr(t, "local", False):
        line(f"{t.name}.{key}.server_cpu_per_animating_session", server_pct, "% of a core",
             "server processes only (the relay), over the deal")
    line(f"{t.name}.{key}.game_cpu_per_animating_session", game_pct, "% of a core")
    line(f"{t.name}.{key}.fps", result["fps"], "fps")
    line(f"{t.name}.{key}.gap.p50", measure.percentile(gaps, 50), "ms", f"{len(gaps)} gaps")
    line(f"{t.name}.{key}.gap.p95", measure.percentile(gaps, 95), "ms", f"goal <= {GAP_P95_GOAL_MS:.0f}")


def print_goals(targets, figures, args):
    print("\n## goals")
    ours = figures.get(args.ours)
    peer = figures.get(args.peer)
    base = figures.get("pty-only", {}).get("load")
    if base and base["gap95"] is not None:
        print(f"(yardstick: the same load in local ptys, no SSH, gap p95 {base['gap95']:.1f} ms)")
    if ours and peer:
        for key, label in (("alone", "1 session"), ("crowd", f"{args.concurrent} sessions")):
            (o50, o95), (p50, p95) = ours[key], peer[key]
            if None not in (o50, o95, p50, p95):
                verdict(f"first frame no slower than sshd+ForceCommand, {label}", o50 <= p50 and o95 <= p95,
                        f"p50 {o50:.1f} vs {p50:.1f} ms, p95 {o95:.1f} vs {p95:.1f} ms")
        if "memory" in ours and "memory" in peer:
            verdict("less memory per session than sshd+ForceCommand", ours["memory"] < peer["memory"],
                    f"{ours['memory']:.2f} vs {peer['memory']:.2f} MiB")
    if ours and "load" in ours:
        load = ours["load"]
        gap = load["gap95"]
        verdict(f"{args.idle}+{args.animating} sessions held with 30 fps pacing",
                load["held"] == load["wanted"] and gap is not None and gap <= GAP_P95_GOAL_MS,
                f"{load['held']}/{load['wanted']} held, gap p95 {'n/a' if gap is None else f'{gap:.1f}'} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--target", action="append", required=True,
                        help="name=N,port=P,user=U,pid=LISTENER_PID (repeatable)")
    parser.add_argument("--client-key", required=True)
    parser.add_argument("--game", help="also measure this game binary in a local pty (no SSH), the yardstick")
    parser.add_argument("--ours", default="memorize-tui-server")
    parser.add_argument("--peer", default="sshd")
    parser.add_argument("--alone", type=int, default=15)
    parser.add_argument("--concurrent", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--idle", type=int, default=100)
    parser.add_argument("--animating", type=int, default=20)
    parser.add_argument("--load-skip", action="append", default=[])
    a = parser.parse_args()
    for name, value, cap in (("alone", a.alone, 50), ("concurrent", a.concurrent, 100), ("rounds", a.rounds, 5),
                             ("idle", a.idle, 200), ("animating", a.animating, 50)):
        if not 0 < value <= cap:
            parser.error(f"--{name} must be 1-{cap}")
    asyncio.run(asyncio.wait_for(main(a), timeout=900))
