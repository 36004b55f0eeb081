import CNcurses
#if canImport(Glibc)
import Glibc
#endif

/// Input: the screen polls the terminal and the signal pipe together and decodes the bytes itself
/// (TerminalInputDecoder); ncurses never reads. So a signal can never be lost between a check and
/// a blocking read (the pipe is part of the wait), and a cut sequence can never block (every wait
/// has a deadline once bytes are pending).
extension NcursesScreen {
    public func nextEvent(timeout: Double?) -> Event? {
        guard isActive, !terminationPending else { return .terminate }
        let deadline = timeout.map { monotonicNow() + max(0, $0) }
        while true {
            if let request = TerminalGuard.takeRequest() {
                switch request {
                case .terminate: return .terminate
                case .suspend:
                    if TerminalGuard.canSuspend { return .suspend }   // else the kernel would not stop us either
                case .resize, .resumed:
                    // After a stop and continue the shell may have drawn over us: repaint all.
                    if request == .resumed { invalidateAfterResize() }
                    if applyTerminalSize() || request == .resumed { return .resize(size) }
                }
                continue
            }
            if let output = decoder.next() {
                switch output {
                case .key(let key): return .key(key)
                case .mouse(let mouse): return .mouse(mouse)
                case .suspend:
                    if TerminalGuard.canSuspend { return .suspend }
                    return .key(.control("z"))
                case .reply(let reply):
                    received(reply)
                    continue
                }
            }
            let now = monotonicNow()
            var wait = deadline.map { max(0, $0 - now) }
            var pauseDeadline: Double?
            if decoder.pendingByteCount > 0 || decoder.isDroppingAnswer {
                let due = lastInputTime + decoder.pauseTimeout
                pauseDeadline = due
                wait = min(wait ?? .infinity, max(0, due - now))
            }
            switch waitForInput(seconds: wait) {
            case .signal:
                TerminalGuard.drainWakeups()
                continue
            case .input:
                guard readInput() else { return .terminate }     // the terminal hung up
            case .hungUp:
                return .terminate
            case .watched:
                return .watchedInput
            case .timeout:
                let now = monotonicNow()
                if let pauseDeadline, now >= pauseDeadline - 0.0005 {
                    if let output = decoder.next(inputPaused: true) {
                        switch output {
                        case .key(let key): return .key(key)
                        case .mouse(let mouse): return .mouse(mouse)
                        case .suspend: return TerminalGuard.canSuspend ? .suspend : .key(.control("z"))
                        case .reply(let reply): received(reply)
                        }
                    }
                    continue
                }
                if let deadline, now >= deadline - 0.0005 { return nil }
            }
        }
    }

    private enum Wake { case input, signal, timeout, hungUp, watched }

    /// poll(2) on the terminal, the signal pipe and the watched descriptor if any. `seconds` nil:
    /// no timer at all.
    private func waitForInput(seconds: Double?) -> Wake {
        var descriptors = [
            pollfd(fd: terminal.inputFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: TerminalGuard.signalFD, events: Int16(POLLIN), revents: 0),
        ]
        if let watchedDescriptor { descriptors.append(pollfd(fd: watchedDescriptor, events: Int16(POLLIN), revents: 0)) }
        let milliseconds = seconds.map { Int32(min(($0 * 1000).rounded(.up), Double(Int32.max))) } ?? -1
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        if ready < 0 { return errno == EINTR ? .signal : .hungUp }
        if ready == 0 { return .timeout }
        if descriptors[1].revents != 0 { return .signal }
        if descriptors.count > 2, descriptors[2].revents != 0 {
            // Hung up with nothing left to read: said once, then no longer watched (a closed
            // descriptor would wake every poll).
            if descriptors[2].revents & Int16(POLLIN) == 0 { watchedDescriptor = nil }
            return .watched
        }
        if descriptors[0].revents & Int16(POLLIN) != 0 { return .input }
        if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .hungUp }
        return .timeout
    }

    /// Reads what the terminal has sent (one read: a paste is taken in slices, the loop decodes
    /// each before reading on). False when the terminal is gone (EOF, EIO).
    private func readInput() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(terminal.inputFD, $0.baseAddress, $0.count) }
            if count > 0 {
                decoder.append(chunk[0..<count])
                lastInputTime = monotonicNow()
                return true
            }
            if count < 0 && (errno == EINTR) { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return true }
            return false
        }
    }

    /// Asks the terminal its size and, if it changed, resizes ncurses' screen to it (the next
    /// present repaints everything). True when the size changed.
    func applyTerminalSize() -> Bool {
        guard var measured = Self.windowSize(of: terminal.outputFD) else { return false }
        // Past what ncurses can address, draw into the part it can (the rest stays blank).
        let largest = TerminalEnvironmentError.largestTerminalSide
        measured = Size(width: min(measured.width, largest), height: min(measured.height, largest))
        guard measured != size else { return false }
        _ = resizeterm(Int32(measured.height), Int32(measured.width))
        invalidateAfterResize()
        return true
    }
}
