import Foundation
import Testing
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal the tests own: the screen draws on the slave side, the test reads what was
/// sent and types on the master side. No tmux, no real tty needed.
final class PseudoTerminal {
    private(set) var master: Int32
    let slave: Int32

    init(columns: Int, rows: Int) throws {
        var master: Int32 = -1, slave: Int32 = -1
        try #require(openpty(&master, &slave, nil, nil, nil) == 0)
        self.master = master
        self.slave = slave
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        resize(columns: columns, rows: rows)
    }

    deinit {
        close(slave)
        closeMaster()
    }

    /// Hangs the terminal up, as closing a terminal window does.
    func closeMaster() {
        if master >= 0 { close(master) }
        master = -1
    }

    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Everything the screen has written so far. present() writes before it returns, so the
    /// short wait is only for stragglers.
    func drain(waitMilliseconds: Int32 = 50) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, waitMilliseconds) > 0 else { break }
            let n = read(master, &buffer, buffer.count)
            guard n > 0 else { break }
            bytes += buffer[0..<n]
        }
        return bytes
    }

    /// `drain`, first waiting up to `timeout` for at least `count` bytes: on a loaded machine the
    /// pty can hold output back longer than `drain`'s pause (a CI run of 2026-11-30 read 43 of
    /// a frame's 112 bytes). Whatever follows them is drained as usual, so extra bytes still show.
    func drain(atLeast count: Int, timeout: Duration = .seconds(2)) -> [UInt8] {
        var bytes: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        while bytes.count < count, ContinuousClock.now < deadline { bytes += drain() }
        return bytes + drain()
    }

    func type(_ text: String) { type(Array(text.utf8)) }
    func type(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) } }

    var modes: termios {
        var t = termios()
        tcgetattr(slave, &t)
        return t
    }
}

/// Swift Testing runs tests on threads that block every signal; these tests need some through.
struct SignalMask {
    private var saved = sigset_t()

    static func unblocking(_ signals: [Int32]) -> SignalMask {
        var mask = SignalMask()
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, &mask.saved)
        return mask
    }

    func restore() {
        var saved = self.saved
        pthread_sigmask(SIG_SETMASK, &saved, nil)
    }
}

extension Array where Element == UInt8 {
    func contains(_ text: String) -> Bool { contains(Array(text.utf8)) }
    func contains(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where self[start..<(start + needle.count)].elementsEqual(needle) { return true }
        return false
    }
}
