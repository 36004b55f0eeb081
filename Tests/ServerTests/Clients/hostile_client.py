"""Protocol-level clients for memorize-tui-server's tests (loopback only, bounded in time).

Usage: hostile_client.py PORT KEYFILE CASE [ARG]
Prints one result line; exits 0 when the server behaved as expected, 1 otherwise.
"""
import os
import socket
import sys
import time

import paramiko

HOST = "127.0.0.1"
DEADLINE = time.monotonic() + 90


def connect(port, key, user="player"):
    transport = paramiko.Transport((HOST, port))
    transport.banner_timeout = 30
    transport.start_client(timeout=30)
    transport.auth_publickey(user, paramiko.Ed25519Key.from_private_key_file(key))
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


def drain_until_exit(channel, timeout=60):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if channel.recv_ready():
            channel.recv(65536)
        elif channel.exit_status_ready():
            return channel.recv_exit_status()
        else:
            time.sleep(0.02)
    raise SystemExit("FAIL: no exit status within %s s" % timeout)


def game(port, key, user="player", term="xterm-256color", width=80, height=24):
    transport = connect(port, key, user)
    channel = transport.open_session()
    channel.get_pty(term=term, width=width, height=height)
    channel.invoke_shell()
    read_until(channel, "Pairs left")
    return transport, channel


def quit_game(transport, channel):
    channel.send(b"q")
    status = drain_until_exit(channel)
    transport.close()
    return status


def main():
    port, key, case = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    argument = sys.argv[4] if len(sys.argv) > 4 else ""
    if case == "term":
        transport, channel = game(port, key, term=argument.encode().decode("unicode_escape") if argument != "long" else "x" * 10240)
        print("EXIT %d" % quit_game(transport, channel))
    elif case == "user":
        transport, channel = game(port, key, user="\x1b[31mevil\x1b]0;owned\x07\nforged log line")
        print("EXIT %d" % quit_game(transport, channel))
    elif case == "winch":
        transport, channel = game(port, key)
        sent, start = 0, time.monotonic()
        while time.monotonic() - start < 1.0:
            for size in ((100, 40), (80, 24), (100000, 100000), (0, 0)):
                channel.resize_pty(width=size[0], height=size[1])
                sent += 1
        channel.resize_pty(width=80, height=24)
        print("SENT %d" % sent)
        print("EXIT %d" % quit_game(transport, channel))
    elif case == "paste":
        transport, channel = game(port, key)
        channel.sendall(b"z" * 65536)
        print("EXIT %d" % quit_game(transport, channel))
    elif case == "exec":
        transport = connect(port, key)
        channel = transport.open_session()
        channel.get_pty(term="xterm-256color", width=80, height=24)
        channel.exec_command(argument)
        drain_stderr = b""
        end = time.monotonic() + 30
        while not channel.exit_status_ready() and time.monotonic() < end:
            if channel.recv_stderr_ready():
                drain_stderr += channel.recv_stderr(4096)
            time.sleep(0.02)
        while channel.recv_stderr_ready():
            drain_stderr += channel.recv_stderr(4096)
        print("EXIT %d %s" % (channel.recv_exit_status(), drain_stderr.decode(errors="replace").strip()))
    elif case == "sftp":
        transport = connect(port, key)
        try:
            paramiko.SFTPClient.from_transport(transport)
            print("FAIL: sftp opened")
            return 1
        except Exception as error:
            print("REFUSED %s" % type(error).__name__)
    elif case == "forward-L":
        transport = connect(port, key)
        try:
            transport.open_channel("direct-tcpip", (HOST, 22), (HOST, 40000), timeout=20)
            print("FAIL: direct-tcpip opened")
            return 1
        except Exception as error:
            print("REFUSED %s" % type(error).__name__)
    elif case == "forward-R":
        transport = connect(port, key)
        try:
            transport.request_port_forward(HOST, 0)
            print("FAIL: tcpip-forward granted")
            return 1
        except Exception as error:
            print("REFUSED %s" % type(error).__name__)
    elif case == "x11":
        transport = connect(port, key)
        channel = transport.open_session()
        try:
            channel.request_x11(single_connection=True)
            print("FAIL: x11 granted")
            return 1
        except Exception as error:
            print("REFUSED %s" % type(error).__name__)
    elif case == "garbage":
        sock = socket.create_connection((HOST, port), timeout=30)
        sock.sendall(os.urandom(8192))
        return expect_closed(sock)
    elif case == "join":
        # ARG is CODE:NAME; for user names OpenSSH's client refuses to send (a leading "-").
        code, name = argument.split(":", 1)
        transport = connect(port, key, user=name)
        channel = transport.open_session()
        channel.get_pty(term="xterm-256color", width=80, height=24)
        channel.exec_command("join " + code)
        end = time.monotonic() + 20
        while time.monotonic() < end and not channel.exit_status_ready():
            if channel.recv_ready():
                channel.recv(65536)
            else:
                time.sleep(0.02)
        if channel.exit_status_ready():
            print("FAIL: the seat ended early, status %d" % channel.recv_exit_status())
            return 1
        print("EXIT %d" % quit_game(transport, channel))
    elif case == "stalled-rekey":
        # Deals, then starts a key exchange it never finishes (the server's KEXINIT is ignored), so
        # the deal's frames are held: the server must close the connection at --handshake-timeout.
        transport, channel = game(port, key)
        channel.send(b"d")
        time.sleep(0.1)
        transport._handler_table[paramiko.common.MSG_KEXINIT] = lambda message: None
        transport._send_kex_init()
        start = time.monotonic()
        while transport.is_active() and time.monotonic() - start < 30:
            time.sleep(0.05)
        if transport.is_active():
            print("FAIL: still open after 30 s")
            return 1
        print("CLOSED after %.1f s" % (time.monotonic() - start))
    elif case == "drop":
        return drop_at_once(port, key, int(argument))
    elif case == "half":
        sock = socket.create_connection((HOST, port), timeout=60)
        sock.sendall(b"SSH-2.0-half\r\n")
        return expect_closed(sock)
    else:
        print("FAIL: unknown case %s" % case)
        return 1
    return 0


def drop_at_once(port, key, count):
    """`count` clients, each authenticated, ask for a game together, and each drops its link
    0-24 ms after asking (half of them without waiting for the server's yes): some before the
    game is spawned, some between spawn and its pty being relayed, some while it starts to draw."""
    import threading
    transports, failures = [None] * count, []

    def connect_one(index):
        try:
            transports[index] = connect(port, key)
        except Exception as error:
            failures.append("connect %d: %s" % (index, type(error).__name__))

    for start in range(0, count, 25):
        batch = [threading.Thread(target=connect_one, args=(i,)) for i in range(start, min(count, start + 25))]
        for thread in batch:
            thread.start()
        for thread in batch:
            thread.join(60)
    ready = threading.Barrier(count, timeout=60)

    def ask_and_drop(index):
        transport = transports[index]
        try:
            ready.wait()
        except threading.BrokenBarrierError:
            pass
        if transport is None:
            return
        try:
            channel = transport.open_session(timeout=30)
            channel.get_pty(term="xterm-256color", width=80, height=24)
            if index % 2:
                channel.invoke_shell()
            else:
                # The shell request without waiting for a reply, the close right behind it: the
                # server reads both together, so the link is gone while the pty is attached.
                message = paramiko.Message()
                message.add_byte(paramiko.common.cMSG_CHANNEL_REQUEST)
                message.add_int(channel.remote_chanid)
                message.add_string("shell")
                message.add_boolean(False)
                transport._send_user_message(message)
            time.sleep((index % 25) / 1000)
        except Exception:
            pass
        transport.close()

    threads = [threading.Thread(target=ask_and_drop, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(90)
    print("DROPPED %d FAILED %d %s" % (count - len(failures), len(failures), "; ".join(failures[:3])))
    return 0 if not failures else 1


def expect_closed(sock):
    start = time.monotonic()
    try:
        while sock.recv(65536):
            pass
    except (ConnectionResetError, socket.timeout) as error:
        if isinstance(error, socket.timeout):
            print("FAIL: still open after %.1f s" % (time.monotonic() - start))
            return 1
    print("CLOSED %.1f" % (time.monotonic() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
