import CNcurses
import Glibc

/// A trace of every cell the live painter hands ncurses, frame by frame, for the benchmark's
/// plain-C lower bound (Benchmarks/replay/ncurses-replay.c replays exactly these calls, so
/// the two programs send byte-for-byte the same output). Off unless set; a benchmark instrument,
/// not a feature: a failed write ends the trace, whose last line is then not `end`.
///
/// Lines: `frame SECONDS` (monotonic clock) before a frame's cells, then one
/// `cell Y X ATTRIBUTES FOREGROUND BACKGROUND SCALAR,SCALAR…` per call (colour numbers as given
/// to alloc_pair, -1 the terminal's default; scalars in hex), and `end` when the screen closes.
final class PaintTrace {
    private var file: UnsafeMutablePointer<FILE>?

    /// Nil when `path` is empty or cannot be opened (the trace is an instrument: no error).
    init?(path: String) {
        guard !path.isEmpty, let file = fopen(path, "we") else { return nil }
        self.file = file
    }

    deinit { close() }

    func frame() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        write("frame \(Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)\n")
    }

    func cell(y: Int, x: Int, attributes: attr_t, foreground: Int, background: Int, scalars: [UInt32]) {
        let text = scalars.map { String($0, radix: 16) }.joined(separator: ",")
        write("cell \(y) \(x) \(attributes) \(foreground) \(background) \(text)\n")
    }

    func close() {
        guard let file else { return }
        write("end\n")
        fclose(file)
        self.file = nil
    }

    private func write(_ line: String) {
        guard let file else { return }
        if fputs(line, file) < 0 {
            fclose(file)
            self.file = nil
        }
    }
}
