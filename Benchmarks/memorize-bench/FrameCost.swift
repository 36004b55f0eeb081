import Glibc

/// Figures 8 and 9: what a one-card flip costs the whole process (CPU per frame, through a pty,
/// release build) at several terminal sizes, and the same frames replayed by a plain C program
/// that makes exactly the same ncurses calls (Benchmarks/replay/ncurses-replay.c, from a
/// MEMORIZE_PAINT_TRACE of the same game): the lower bound for sending those cells. Also bytes
/// per focus move against the cells it changes (from the trace).
enum FrameCost {
    static let sizes = [(80, 24), (120, 40), (200, 60), (300, 100)]
    /// Where the replayed lower bound is measured too (it needs a traced run each).
    static let replaySizes: Set<Int> = [80, 120, 300]

    static let script = """
        # memorize-bench flip scenario (Benchmarks/memorize-bench/FrameCost.swift): times from the start
        wait 300ms
        key d
        wait 2800ms
        key l
        wait 200ms
        key h
        wait 200ms
        key l
        wait 200ms
        key h
        wait 200ms
        key space
        wait 1000ms
        key q

        """
    /// The flip (0.5 s) from S+3.9, with its first pie frames; S is the first frame.
    static let flipWindow = (3.85, 4.5)
    static let focusKeys = [3.1, 3.3, 3.5, 3.7]
    /// Where a focus move's frame is looked for, around its key's time from S. The script's clock
    /// starts when the game does and S is its first frame, a few milliseconds later, so a move
    /// answered at once lands just *before* its key's time from S (3.098 s for the key at 3.1 s:
    /// from 2026-11-29 no frame fell inside [key, key + 0.15) and figure 9 went unmeasured).
    static let focusWindow = (before: 0.05, after: 0.15)

    struct Run {
        var cpuNanoseconds: Double
        var frames: Int
        var focusBursts: [Burst]
    }

    /// One game through the pty; S is when its first frame arrived.
    static func run(_ executable: String, arguments: [String], environment: [String], columns: Int, rows: Int,
                    marker: String) throws -> Run {
        let pty = try PseudoTerminal(executable: executable, arguments: arguments, environment: environment,
                                     columns: columns, rows: rows)
        defer { pty.finish(quitKey: nil, grace: 3) }
        guard pty.pump(untilOutputContains: marker, timeout: 10) != nil, let firstByte = pty.chunks.first?.time else {
            throw LiveGameRun.Failure(description: "\(executable): no first frame")
        }
        let s = firstByte
        pty.pump(until: s + flipWindow.0)
        guard let before = ProcSample(pid: pty.pid) else { throw LiveGameRun.Failure(description: "exited early") }
        pty.pump(until: s + flipWindow.1)
        guard let after = ProcSample(pid: pty.pid) else { throw LiveGameRun.Failure(description: "exited early") }
        pty.pump(until: s + flipWindow.1 + 1.0)
        let frames = Bursts.split(pty.chunks, from: s + flipWindow.0, to: s + flipWindow.1).count
        let focus = focusKeys.compactMap {
            Bursts.split(pty.chunks, from: s + $0 - focusWindow.before, to: s + $0 + focusWindow.after).first
        }
        return Run(cpuNanoseconds: (after - before).cpuNanoseconds, frames: frames, focusBursts: focus)
    }

    /// Every traced frame: when it started, the cells it handed ncurses, and those cells' text
    /// in UTF-8 bytes (the least any program must send for them: a box-drawing glyph is 3 bytes).
    static func tracedFrames(_ path: String) -> [(time: Double, cells: Int, glyphBytes: Int)] {
        guard let text = ProcFile.read(path) else { return [] }
        var frames: [(time: Double, cells: Int, glyphBytes: Int)] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("frame "), let t = Double(line.dropFirst(6)) {
                frames.append((t, 0, 0))
            } else if line.hasPrefix("cell "), !frames.isEmpty {
                frames[frames.count - 1].cells += 1
                let scalars = line.split(separator: " ").last.map { $0.split(separator: ",") } ?? []
                frames[frames.count - 1].glyphBytes += scalars.reduce(0) { total, hex in
                    total + (UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init).map { String($0).utf8.count } ?? 1)
                }
            }
        }
        return frames
    }

    // 11, not 7: at 80x24 a flip has only ~8 frames in the window, and one frame more or less
    // moves a turn's ratio by a tenth; the median of more turns is steadier.
    static let runs = 11

    static func report(into report: Report, environment: BenchEnvironment, replayer: String?) {
        report.section("8 one-card flip: CPU per frame of the whole process vs terminal size (pty, release, median of \(runs) runs, ours and the replay taking turns)")
        let scriptPath = environment.writeScript(named: "flip.keys", script)
        let arguments = ["--theme", "Vehicles", "--seed", "1", "--fps", "30", "--script", scriptPath]
        var perFrame: [Int: Double] = [:]
        var focusBytes: [Double] = [], focusCells: [Double] = [], focusGlyphBytes: [Double] = []
        for (columns, rows) in sizes {
            // The replay needs a trace of the same game first (it also gives the focus figures).
            var trace: String?
            if replaySizes.contains(columns), replayer != nil {
                let path = "\(environment.workDirectory)/trace-\(columns)x\(rows).txt"
                if let traced = try? run(environment.binary, arguments: arguments,
                                         environment: environment.variables + ["MEMORIZE_PAINT_TRACE=\(path)"],
                                         columns: columns, rows: rows, marker: "Score:") {
                    trace = path
                    if columns == 120 {
                        // Bytes per focus move against the cells the painter changed for it.
                        let frames = tracedFrames(path)
                        if let first = frames.first?.time {
                            for key in focusKeys {
                                if let frame = frames.first(where: { $0.time - first >= key - focusWindow.before && $0.time - first < key + focusWindow.after }) {
                                    focusCells.append(Double(frame.cells))
                                    focusGlyphBytes.append(Double(frame.glyphBytes))
                                }
                            }
                        }
                        focusBytes = traced.focusBursts.map { Double($0.bytes) }
                    }
                }
            }
            // Ours and the replay take turns, so a busy moment of the machine falls on both; the
            // ratio is taken per turn, then the median of the turns.
            var costs: [Double] = [], replayCosts: [Double] = [], ratios: [Double] = []
            for _ in 0..<runs {
                guard let ours = try? run(environment.binary, arguments: arguments, environment: environment.variables,
                                          columns: columns, rows: rows, marker: "Score:"), ours.frames > 0 else { continue }
                let cost = ours.cpuNanoseconds / Double(ours.frames) / 1e6
                costs.append(cost)
                guard let trace, let replayer,
                      let replay = try? run(replayer, arguments: [trace], environment: environment.variables,
                                            columns: columns, rows: rows, marker: "Score:"), replay.frames > 0 else { continue }
                let bound = replay.cpuNanoseconds / Double(replay.frames) / 1e6
                replayCosts.append(bound)
                if bound > 0 { ratios.append(cost / bound) }
            }
            guard !costs.isEmpty else {
                report.note("\(columns)x\(rows): no flip measured")
                continue
            }
            perFrame[columns] = Stats.median(costs)
            report.add(Figure(name: "flip.\(columns)x\(rows).cpu_per_frame", value: Stats.median(costs), unit: "ms"))
            guard !ratios.isEmpty else { continue }
            report.add(Figure(name: "flip.\(columns)x\(rows).plain_ncurses_lower_bound", value: Stats.median(replayCosts), unit: "ms per frame",
                              note: "ncurses-replay of the same cells"))
            report.add(Figure(name: "flip.\(columns)x\(rows).ratio_to_lower_bound", value: Stats.median(ratios), unit: "x",
                              target: .atMost(Targets.flipOverLowerBound), note: "median of \(ratios.count) turns"))
        }
        if let small = perFrame[80], let large = perFrame[300], small > 0 {
            report.add(Figure(name: "flip.cost_300x100_over_80x24", value: large / small, unit: "x",
                              target: .atMost(Targets.flipAreaRatio), note: "cost follows motion, not area"))
        }
        report.section("9 bytes per focus move at 120x40 (traced run)")
        if !focusBytes.isEmpty, !focusCells.isEmpty {
            let bytes = Stats.median(focusBytes), cells = Stats.median(focusCells)
            report.add(Figure(name: "focus.bytes_per_move", value: bytes, unit: "bytes"))
            report.add(Figure(name: "focus.cells_changed_per_move", value: cells, unit: "cells"))
            report.add(Figure(name: "focus.bytes_per_changed_cell", value: cells > 0 ? bytes / cells : nil, unit: "bytes",
                              note: "a changed cell of a box-drawing or shade glyph alone is 3 bytes of UTF-8"))
            if !focusGlyphBytes.isEmpty {
                let glyphBytes = Stats.median(focusGlyphBytes)
                report.add(Figure(name: "focus.glyph_bytes_per_move", value: glyphBytes, unit: "bytes",
                                  note: "UTF-8 of the changed cells' glyphs: what any program must send"))
                report.add(Figure(name: "focus.bytes_over_glyph_bytes", value: glyphBytes > 0 ? bytes / glyphBytes : nil, unit: "x",
                                  target: .atMost(Targets.focusBytesOverGlyphBytes), note: "escape sequences and cursor moves on top of the glyphs"))
            }
        } else {
            report.note("focus moves not measured")
        }
    }
}
