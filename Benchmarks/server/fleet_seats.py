#!/usr/bin/env python3
"""Tables across hosts: a choose in one seat -> the other seat's first visible
change, with the two seats on the same host and on two hosts of one fleet (two memorize-tui-server
on one throwaway PostgreSQL, scripts/ci-postgres.sh). The chooses are tables.py's own (imported,
not copied): real OpenSSH clients in ptys, one per seat, each from its own loopback address.

    python3 Benchmarks/server/fleet_seats.py [--bin .build/release] [--chooses 40]

It starts and stops everything itself (PostgreSQL by its --owner, the servers and every process
below them by pid, every ssh client); loopback only. Figures are printed, not asserted."""
import argparse
import asyncio
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import procfs
from sshpty import wait_until
from tables import LATENCY_GOAL_MS, Bench, line, ms

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class FleetBench(Bench):
    """tables.py's latency part, with seat 1 (ann) on one host and seat 2 (bob) on `other_port`."""

    def __init__(self, args, other_port):
        super().__init__(args)
        self.other_port = other_port

    def client(self, key, user, remote):
        if user != "bob":
            return super().client(key, user, remote)
        port = self.args.port
        self.args.port = self.other_port
        try:
            return super().client(key, user, remote)
        finally:
            self.args.port = port


def start_servers(args, work, url):
    servers = []
    for index in range(2):
        state = os.path.join(work, f"state-{index}")
        os.makedirs(state, mode=0o700)
        port = args.port_base + index
        log = open(os.path.join(work, f"server-{index}.log"), "w")
        process = subprocess.Popen([os.path.join(args.bin, "memorize-tui-server"), "--listen", f"127.0.0.1:{port}",
                                    "--game", os.path.join(args.bin, "memorize-tui"), "--state-dir", state,
                                    "--public-name", "bench.invalid", "--database", url],
                                   stdout=subprocess.DEVNULL, stderr=log)
        servers.append((process, port, log.name))
    return servers


def stop(servers):
    for process, _, _ in servers:
        pids = procfs.descendants(process.pid) if process.poll() is None else []
        for pid in [process.pid] + list(pids):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
    for process, _, _ in servers:
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()


class Failed(Exception):
    pass


async def main(args, work):
    # The cluster's directory is outside `work` (0700): when root, PostgreSQL runs as postgres.
    pgdir = os.path.join(tempfile.gettempdir(), f"fleetseats-pg-{os.getpid()}")
    try:
        await measure(args, work, pgdir)
    finally:
        subprocess.run(["bash", os.path.join(REPO, "scripts/ci-postgres.sh"), "stop", pgdir], capture_output=True, timeout=60)
        shutil.rmtree(pgdir, ignore_errors=True)


async def measure(args, work, pgdir):
    pg = subprocess.run(["bash", os.path.join(REPO, "scripts/ci-postgres.sh"), "start", pgdir,
                         str(args.pg_port), "--owner", str(os.getpid())], capture_output=True, text=True, timeout=180)
    if pg.returncode != 0:
        raise Failed(f"PostgreSQL did not start: {pg.stderr.strip()[-300:]}")
    made = subprocess.run(["bash", os.path.join(REPO, "scripts/ci-postgres.sh"), "createdb", pgdir,
                           str(args.pg_port), "fleet_seats"], capture_output=True, text=True, timeout=60)
    if made.returncode != 0:
        raise Failed(f"createdb failed: {made.stderr.strip()[-300:]}")
    url = made.stdout.strip()
    for key in ("seat1", "seat2", "watcher"):
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", f"bench-{key}", "-f", os.path.join(work, key)], check=True)
    args.key_a, args.key_b, args.key_w = (os.path.join(work, k) for k in ("seat1", "seat2", "watcher"))
    args.flip_window, args.show = 0.5, False
    servers = start_servers(args, work, url)
    try:
        for process, port, log in servers:
            ok = await wait_until(lambda: procfs.listening(port) and "reach other hosts" in open(log).read(), 60, step=0.1)
            if not ok:
                raise Failed(f"the server on {port} did not start or reach the database: {open(log).read()[-400:]}")
        print(f"fleet: two memorize-tui-server ({args.bin}) on one PostgreSQL, ports {servers[0][1]} and {servers[1][1]}")
        results = {}
        for name, other in (("one_host", servers[0][1]), ("two_hosts", servers[1][1])):
            print(f"\n## {name}: seat 1 on {servers[0][1]}, seat 2 on {other}, {args.chooses} chooses")
            print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
            args.port = servers[0][1]
            bench = FleetBench(args, other)
            try:
                other_s, own_s = await bench.latency()
            finally:
                bench.close(list(bench.clients))
            results[name] = other_s
            line(f"fleet.{name}.other_seat.p50", ms(other_s, 50), "ms", note=f"{len(other_s)} chooses")
            line(f"fleet.{name}.other_seat.p95", ms(other_s, 95), "ms", LATENCY_GOAL_MS)
            line(f"fleet.{name}.own_screen.p95", ms(own_s, 95), "ms")
        one, two = ms(results["one_host"], 95), ms(results["two_hosts"], 95)
        if one is not None and two is not None:
            line("fleet.two_hosts_minus_one_host.p95", two - one, "ms", 5.0)
    finally:
        stop(servers)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bin", default=os.path.join(REPO, ".build/release"), help="where memorize-tui-server and memorize-tui are")
    parser.add_argument("--chooses", type=int, default=40)
    parser.add_argument("--port-base", type=int, default=22730, help="two servers' ports (in 22700-22749)")
    parser.add_argument("--pg-port", type=int, default=22745)
    a = parser.parse_args()
    if not 0 < a.chooses <= 200:
        parser.error("--chooses must be 1-200")
    if not 22700 <= a.port_base <= 22748:
        parser.error("--port-base must be in 22700-22748")
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    with tempfile.TemporaryDirectory(prefix="fleetseats.") as scratch:
        os.chmod(scratch, 0o700)
        try:
            asyncio.run(asyncio.wait_for(main(a, scratch), timeout=900))
        except Failed as failure:
            sys.exit(f"fleet_seats: {failure}")
        except KeyboardInterrupt:
            sys.exit("fleet_seats: interrupted (every client it started is closed)")
