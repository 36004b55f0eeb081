"""paramiko against memorize-tui-server with one cipher and one MAC (loopback, bounded in time).

Usage: cipher_client.py PORT CIPHER MAC
As guest: `scores` without a pty, then a game in a pty (deal, q). Prints the cipher and MAC the
transport negotiated and one result line; exits 0 when both worked, 1 otherwise.
"""
import sys
import time

import paramiko

HOST = "127.0.0.1"


def connect(port, cipher, mac):
    transport = paramiko.Transport((HOST, port))
    transport.banner_timeout = 30
    options = transport.get_security_options()
    options.ciphers = (cipher,)
    options.digests = (mac,)
    transport.start_client(timeout=30)
    transport.auth_none("guest")
    return transport


def read_until(channel, text, timeout=40):
    seen = b""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if channel.recv_ready():
            seen += channel.recv(65536)
            if text.encode() in seen:
                return seen
        elif channel.exit_status_ready():
            break
        else:
            time.sleep(0.02)
    raise SystemExit("FAIL: %r not seen; got %r" % (text, seen[-300:]))


def exit_status(channel, timeout=40):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        while channel.recv_ready():
            channel.recv(65536)
        if channel.exit_status_ready():
            return channel.recv_exit_status()
        time.sleep(0.02)
    raise SystemExit("FAIL: no exit status")


def main():
    port, cipher, mac = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    transport = connect(port, cipher, mac)
    print("negotiated", transport.remote_cipher, transport.local_cipher, transport.remote_mac, transport.local_mac)

    scores = transport.open_session(timeout=30)
    scores.exec_command("scores")
    board = read_until(scores, "Daily ")
    status = exit_status(scores)
    if status != 0:
        raise SystemExit("FAIL: scores exited %d: %r" % (status, board[-200:]))

    game = transport.open_session(timeout=30)
    game.get_pty(term="xterm-256color", width=80, height=24)
    game.exec_command("--seed 42")
    read_until(game, "Pairs left")
    game.sendall(b"d")
    time.sleep(1.5)
    game.sendall(b"q")
    status = exit_status(game)
    transport.close()
    if status != 0:
        raise SystemExit("FAIL: the game exited %d" % status)
    print("OK")


if __name__ == "__main__":
    main()
