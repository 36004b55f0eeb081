/// A paint burst: consecutive pty reads with no gap longer than `Bursts.gap`. ncurses writes a
/// frame in one go (possibly several write calls), and frames come ≥ 33 ms apart at 30 fps, so
/// a burst is one frame as the terminal receives it. A frame that changed no cell sends nothing
/// and is invisible here, as it is to the player.
struct Burst {
    var start: Double
    var end: Double
    var bytes: Int
    var reads: Int
}

enum Bursts {
    /// Longer than any pause inside one frame's output, far shorter than a frame interval.
    static let gap = 0.008

    /// Bursts that start in `from..<to` (times on the Monotonic clock).
    static func split(_ chunks: [PseudoTerminal.Chunk], from: Double, to: Double) -> [Burst] {
        var bursts: [Burst] = []
        for chunk in chunks where chunk.time >= from && chunk.time < to {
            if var last = bursts.last, chunk.time - last.end <= gap {
                last.end = chunk.time
                last.bytes += chunk.count
                last.reads += 1
                bursts[bursts.count - 1] = last
            } else {
                bursts.append(Burst(start: chunk.time, end: chunk.time, bytes: chunk.count, reads: 1))
            }
        }
        return bursts
    }

    /// Bytes read from the pty in `from..<to`.
    static func bytes(_ chunks: [PseudoTerminal.Chunk], from: Double, to: Double) -> Int {
        chunks.lazy.filter { $0.time >= from && $0.time < to }.map(\.count).reduce(0, +)
    }
}
