import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Input: keys through wgetch with our own UTF-8 decoding, mouse clicks, resize, signals, and a
/// terminal that hangs up. The byte-level decisions live in NcursesInput (tested without a tty).
extension NcursesScreen {
    public func nextEvent(timeout: Double?) -> Event? {
        guard isActive else { return .terminate }
        let clock = SystemClock()
        let deadline = timeout.map { clock.now + max(0, $0) }
        while true {
            if TerminalGuard.pendingTermination != nil { return .terminate }
            if !pendingMouse.isEmpty { return .mouse(pendingMouse.removeFirst()) }
            var milliseconds: Int32 = -1            // block with no timer: an idle game costs nothing
            if let deadline {
                let remaining = max(0, deadline - clock.now)
                milliseconds = Int32(min((remaining * 1000).rounded(.up), Double(Int32.max)))
            }
            wtimeout(cn_stdscr(), milliseconds)
            let code = cn_getch()
            let error = cn_errno()

            switch NcursesInput.classify(code) {
            case .error:
                // A signal (EINTR), the timeout, or input that is gone for good.
                if TerminalGuard.pendingTermination != nil { return .terminate }
                if error == EINTR { continue }
                guard let deadline else { return .terminate }   // a blocking read cannot time out: stdin is gone
                if clock.now >= deadline - 0.001 { return nil }
                if inputHungUp() { return .terminate }
                continue
            case .resize:
                invalidateAfterResize()
                return .resize(size)
            case .mouse:
                if let event = readMouse() { return .mouse(event) }
            case .functionKey(let code):
                if let key = NcursesInput.key(forFunctionKey: code) { return .key(key) }
            case .byte(let byte):
                if let scalar = readScalar(startingWith: byte), let key = NcursesInput.key(forCharacter: scalar) {
                    return .key(key)
                }
            }
            // Ignored input (unknown function key, wheel, invalid bytes): keep waiting, same deadline.
            if let deadline, clock.now >= deadline { return nil }
        }
    }

    /// One character from its first byte: ASCII as is; a UTF-8 lead byte plus its continuation
    /// bytes, which arrive in the same write (so a short wait suffices). Anything that breaks
    /// the sequence is dropped together with it, and a byte that was not ours is read again next.
    private func readScalar(startingWith lead: UInt8) -> UInt32? {
        guard lead >= 0x80 else { return UInt32(lead) }
        guard let length = NcursesInput.utf8Length(lead: lead) else { return nil }   // stray continuation or invalid lead
        var bytes = [lead]
        wtimeout(cn_stdscr(), 50)
        while bytes.count < length {
            let next = cn_getch()
            guard (0x80...0xBF).contains(next) else {
                if next != ERR { _ = cn_ungetch(next) }
                return nil
            }
            bytes.append(UInt8(next))
        }
        return NcursesInput.decodeUTF8(bytes)?.value
    }

    /// Drains ncurses' mouse queue. getmouse hands out the newest event first, and one KEY_MOUSE
    /// can stand for several events read in one go (e.g. two clicks in one write), so take them
    /// all, oldest first, and return the rest from later calls.
    private func readMouse() -> MouseEvent? {
        var batch: [MouseEvent] = []
        var event = MEVENT()
        while getmouse(&event) == OK {
            if let mouse = NcursesInput.mouseEvent(bstate: UInt(event.bstate), x: event.x, y: event.y) {
                batch.append(mouse)
            }
            if batch.count > 64 { break }       // the queue holds fewer; never loop forever
        }
        pendingMouse.append(contentsOf: batch.reversed())
        return pendingMouse.isEmpty ? nil : pendingMouse.removeFirst()
    }

    /// A read that fails early without EINTR: check whether the terminal went away, so a timed
    /// loop cannot spin on a dead descriptor.
    private func inputHungUp() -> Bool {
        var descriptor = pollfd(fd: terminal.inputFD, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0 else { return true }
        return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }
}
