import Glibc

/// Figures 2–5 and the game's peak RSS: the release binary in a pseudo-terminal at 120×40,
/// driven by a live key script, observed from outside (pty reads, /proc). One run:
///
///     S+0.3  key d: 20 cards deal (2.0 s stagger + 0.5 s flight)   → deal frames, CPU, pacing
///     S+3.2  resize 121×40, S+3.7 back to 120×40                   → full repaint of the dealt screen
///     S+4.3 … S+9.3  nothing moves, no card counts down            → idle
///     S+9.6  key space: the focused card flips (0.5 s)            → flip frames
///     S+10.6 key q
///
/// S is when the first frame has arrived; the script's clock starts a few ms earlier (the run
/// loop is created just before it draws), well inside the margins of every window.
struct LiveGameRun {
    var dealFrames: [Burst]
    var dealCPUNanoseconds: Double
    var dealWriteCalls: Double
    var pacingGaps: [Double]
    var pacingFPS: Double
    var fullRepaintBytes: Int
    /// Paint bursts after each of the two resizes (the relayout glide adds small ones).
    var resizeBursts: [[Burst]]
    var idle: ProcDelta
    var idleBytesRead: Int
    var flipFrames: [Burst]
    var flipWriteCalls: Double
    var peakRSSKiB: Double
    var exitedCleanly: Bool

    static let script = """
        # memorize-bench live scenario (Benchmarks/memorize-bench/LiveGame.swift): times from the start
        wait 300ms
        key d
        wait 9300ms
        key space
        wait 1000ms
        key q

        """

    /// Deal animation length: CardConstants.totalDealDuration + dealDuration.
    static let dealSeconds = 2.5

    struct Failure: Error, CustomStringConvertible { var description: String }

    static func run(in environment: BenchEnvironment) throws -> LiveGameRun {
        let scriptPath = environment.writeScript(named: "live.keys", script)
        let pty = try PseudoTerminal(executable: environment.binary,
                                     arguments: ["--theme", "Vehicles", "--seed", "1", "--fps", "30", "--script", scriptPath],
                                     environment: environment.variables, columns: 120, rows: 40)
        guard pty.pump(untilOutputContains: "Score:", timeout: 10) != nil,
              let s = pty.pumpUntilQuiet(Bursts.gap, limit: 1) else {
            throw Failure(description: "no first frame within 10 s; output: \(String(decoding: pty.output.suffix(300), as: UTF8.self))")
        }
        func at(_ offset: Double) { pty.pump(until: s + offset) }
        func sample() throws -> ProcSample {
            guard let sample = ProcSample(pid: pty.pid) else { throw Failure(description: "the game exited early") }
            return sample
        }

        at(0.2)
        let beforeDeal = try sample()
        at(3.0)
        let afterDeal = try sample()
        let deal = Bursts.split(pty.chunks, from: s + 0.25, to: s + 3.0)

        // Frames are due every 1/fps while cards fly; measured where several are in flight.
        let paced = deal.filter { $0.start >= (deal.first?.start ?? 0) + 0.2 && $0.start < (deal.first?.start ?? 0) + 2.2 }
        let starts = paced.map(\.start)
        let gaps = zip(starts.dropFirst(), starts).map { ($0 - $1) * 1000 }
        let fps = starts.count > 1 ? Double(starts.count - 1) / (starts.last! - starts.first!) : 0

        // The full repaint: what ncurses sends after a resize (clear + every non-blank cell).
        at(3.2)
        pty.resize(columns: 121, rows: 40)
        let resized = Monotonic.now
        at(3.7)
        pty.resize(columns: 120, rows: 40)
        let resizedBack = Monotonic.now
        at(4.3)
        let resizeBursts = [Bursts.split(pty.chunks, from: resized, to: s + 3.7),
                            Bursts.split(pty.chunks, from: resizedBack, to: s + 4.3)]
        let fullRepaint = Bursts.split(pty.chunks, from: resizedBack, to: s + 4.3).first?.bytes ?? 0

        let idleStart = try sample()
        at(9.3)
        let idleEnd = try sample()
        let idleBytes = Bursts.bytes(pty.chunks, from: idleStart.time, to: idleEnd.time)

        at(9.55)
        let beforeFlip = try sample()
        at(10.15)
        let afterFlip = try sample()
        let flip = Bursts.split(pty.chunks, from: s + 9.55, to: s + 10.15)

        at(10.4)
        let peak = try sample().peakRSSKiB
        pty.finish(quitKey: nil, grace: 3)   // the script presses q at S+10.6
        let status = pty.exitStatus ?? -1

        return LiveGameRun(
            dealFrames: deal,
            dealCPUNanoseconds: (afterDeal - beforeDeal).cpuNanoseconds,
            dealWriteCalls: (afterDeal - beforeDeal).writeCalls,
            pacingGaps: gaps, pacingFPS: fps,
            fullRepaintBytes: fullRepaint, resizeBursts: resizeBursts,
            idle: idleEnd - idleStart, idleBytesRead: idleBytes,
            flipFrames: flip, flipWriteCalls: (afterFlip - beforeFlip).writeCalls,
            peakRSSKiB: peak,
            exitedCleanly: status == 0)
    }
}
