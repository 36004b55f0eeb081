import Glibc
import TerminalUI

/// Figure 7: input to visible change, per kind of input, through a pseudo-terminal at 120x40
/// with the release binary and live input (no key script): the time from writing the input to
/// the first byte of the answer. The painter sends only cells that changed, so the first byte
/// is the first visible change. Also bytes per focus move, and nbmemoblocks' cursor move as a
/// yardstick.
enum InputLatency {
    struct Sample {
        var kind: String
        var milliseconds: Double
        var bytes: Int
        /// Input to the first byte of the frame after the answer's first: for a choice, the flip's
        /// first visible move (the answer lights the back at once; the edge moves later).
        var nextFrameMilliseconds: Double?
    }

    static let columns = 120, rows = 40

    /// The card slots of a 20-card game at 120x40 (the app's GameLayout: grid under the title
    /// row, above the buttons row, cards at least 4x3).
    static func cardCentres() -> [Point] {
        AspectVGrid.layout(itemCount: 20, in: Rect(x: 0, y: 1, width: columns, height: rows - 2),
                           minimumItemSize: Size(width: 4, height: 3))
            .itemFrames.map { Point(x: $0.minX + $0.width / 2, y: $0.minY + $0.height / 2) }
    }

    /// An SGR 1006 mouse press then release at a cell (0-based).
    static func click(_ p: Point) -> String { "\u{1b}[<0;\(p.x + 1);\(p.y + 1)M\u{1b}[<0;\(p.x + 1);\(p.y + 1)m" }

    /// Sends `input`, waits up to `settle` seconds, returns the latency to the first byte and the
    /// bytes of the burst that followed (nil when nothing came).
    static func measure(_ pty: PseudoTerminal, _ kind: String, _ input: String, settle: Double) -> Sample? {
        let before = pty.chunks.count
        let sent = Monotonic.now
        pty.send(input)
        pty.pump(until: sent + settle)
        guard before < pty.chunks.count else { return nil }
        let first = pty.chunks[before]
        let bursts = Bursts.split(Array(pty.chunks[before...]), from: first.time, to: .infinity)
        return Sample(kind: kind, milliseconds: (first.time - sent) * 1000, bytes: bursts.first?.bytes ?? first.count,
                      nextFrameMilliseconds: bursts.count > 1 ? (bursts[1].start - sent) * 1000 : nil)
    }

    static func run(environment: BenchEnvironment) throws -> [Sample] {
        let pty = try PseudoTerminal(executable: environment.binary, arguments: ["--theme", "Vehicles", "--seed", "1"],
                                     environment: environment.variables, columns: columns, rows: rows)
        defer { pty.finish(quitKey: "q", grace: 2) }
        guard pty.pump(untilOutputContains: "Score:", timeout: 10) != nil, pty.pumpUntilQuiet(0.2, limit: 2) != nil else {
            throw LiveGameRun.Failure(description: "no first frame")
        }
        var samples: [Sample] = []
        func take(_ kind: String, _ input: String, settle: Double) {
            if let sample = measure(pty, kind, input, settle: settle) { samples.append(sample) }
        }
        let cards = cardCentres()
        take("deal", "d", settle: 3.2)
        for i in 0..<20 { take("focus", i % 2 == 0 ? "l" : "h", settle: 0.15) }
        // Each choice is of a card never chosen before (so it is face down and the choice shows):
        // along the first row (8 cards at 120x40), down at its end, then back along the second.
        for i in 0..<10 {
            _ = measure(pty, "-", i < 7 ? "l" : (i == 7 ? "j" : "h"), settle: 0.1)
            take("choose", " ", settle: i % 2 == 0 ? 0.3 : 0.8)
        }
        for i in 0..<10 { take("click", click(cards[(i * 7) % cards.count]), settle: i % 2 == 0 ? 0.3 : 0.8) }
        for _ in 0..<5 { take("shuffle", "s", settle: 0.9) }
        take("restart", "r", settle: 1.0)
        take("deal", "d", settle: 3.2)
        // [Shuffle] sits at the right end of the bottom row.
        for _ in 0..<5 { take("button", click(Point(x: columns - 6, y: rows - 1)), settle: 0.9) }
        for _ in 0..<3 {
            take("chooser", "t", settle: 0.2)
            for i in 0..<5 { take("chooser", i % 2 == 0 ? "j" : "k", settle: 0.1) }
            take("editor", "a", settle: 0.2)
            for i in 0..<5 { take("editor", i % 2 == 0 ? "\t" : "\u{1b}[A", settle: 0.1) }
            take("editor", "\u{1b}", settle: 0.3)      // cancel: back to the chooser
            take("chooser", "\u{1b}", settle: 0.3)     // back to the game
        }
        return samples
    }

    /// nbmemoblocks' cursor move: the C yardstick for "move the focus".
    static func runPeer(environment: BenchEnvironment) -> [Sample] {
        guard access(Startup.nbmemoblocks, X_OK) == 0,
              let pty = try? PseudoTerminal(executable: Startup.nbmemoblocks, arguments: [],
                                            environment: environment.variables, columns: columns, rows: rows) else { return [] }
        defer { pty.finish(quitKey: "q", grace: 2) }
        guard pty.pump(untilOutputContains: "LOCKS", timeout: 10) != nil, pty.pumpUntilQuiet(0.2, limit: 2) != nil else { return [] }
        var samples: [Sample] = []
        for i in 0..<20 {
            if let sample = measure(pty, "focus", i % 2 == 0 ? "\u{1b}[C" : "\u{1b}[D", settle: 0.15) { samples.append(sample) }
        }
        return samples
    }

    static let kinds = ["focus", "choose", "click", "deal", "shuffle", "restart", "button", "chooser", "editor"]

    static func report(into report: Report, environment: BenchEnvironment, runs: Int = 2) {
        report.section("7 input to visible change (first byte of the answer), pty 120x40, live input, \(runs) runs pooled")
        var samples: [Sample] = []
        for _ in 0..<runs {
            do { samples += try run(environment: environment) } catch { report.note("latency run failed: \(error)") }
        }
        let frame = 1000.0 / 30
        for kind in kinds {
            let times = samples.filter { $0.kind == kind }.map(\.milliseconds)
            guard !times.isEmpty else {
                report.note("\(kind): no answer seen")
                continue
            }
            report.add(Figure(name: "latency.\(kind).median", value: Stats.median(times), unit: "ms"))
            report.add(Figure(name: "latency.\(kind).p95", value: Stats.percentile(times, 95), unit: "ms",
                              target: .atMost(Targets.inputLatencyP95Ms), note: "\(times.count) inputs; one frame is \(Format.fixed(frame, 1)) ms"))
            report.add(Figure(name: "latency.\(kind).max", value: times.max(), unit: "ms"))
        }
        // The flip's first move: where edges move in eighths of a cell, the first eighth.
        let moves = samples.filter { $0.kind == "choose" }.compactMap(\.nextFrameMilliseconds)
        if moves.isEmpty {
            report.note("choose: no flip frame seen after the answer")
        } else {
            report.add(Figure(name: "latency.choose.first_move.median", value: Stats.median(moves), unit: "ms"))
            report.add(Figure(name: "latency.choose.first_move.p95", value: Stats.percentile(moves, 95), unit: "ms",
                              target: .atMost(Targets.flipFirstMoveP95Ms),
                              note: "\(moves.count) choices of a 14-cell card; the frame after the lit back"))
        }
        let peer = runPeer(environment: environment)
        if peer.isEmpty {
            report.add(Figure(name: "nbmemoblocks.latency.cursor.median", value: nil, unit: "ms", note: "nbmemoblocks not installed"))
        } else {
            report.add(Figure(name: "nbmemoblocks.latency.cursor.median", value: Stats.median(peer.map(\.milliseconds)), unit: "ms"))
            report.add(Figure(name: "nbmemoblocks.latency.cursor.p95", value: Stats.percentile(peer.map(\.milliseconds), 95), unit: "ms"))
            report.add(Figure(name: "nbmemoblocks.bytes_per_cursor_move", value: Stats.median(peer.map { Double($0.bytes) }), unit: "bytes"))
        }
    }
}
