/// Figures 2–5 from several live runs: per-frame samples pooled, per-run totals as medians.
extension LiveGameRun {
    static let runs = 3

    static func report(into report: Report, environment: BenchEnvironment) -> [LiveGameRun] {
        var runs: [LiveGameRun] = []
        for _ in 0..<Self.runs {
            do { runs.append(try run(in: environment)) } catch { report.note("live run failed: \(error)") }
        }
        guard !runs.isEmpty else {
            report.note("no live run completed: figures 2-5 not measured")
            return runs
        }
        let n = Double(runs.count)
        let dealFrames = runs.flatMap(\.dealFrames), flipFrames = runs.flatMap(\.flipFrames)
        let dealBytes = dealFrames.map { Double($0.bytes) }, flipBytes = flipFrames.map { Double($0.bytes) }
        let fullRepaint = Stats.median(runs.map { Double($0.fullRepaintBytes) })
        func share(_ bytes: Double) -> Double { fullRepaint > 0 ? bytes / fullRepaint * 100 : 0 }

        report.section("2 bytes and writes per frame through ncurses (pty 120x40, TERM=xterm-256color, \(runs.count) runs pooled)")
        report.add(Figure(name: "pty.full_repaint", value: fullRepaint, unit: "bytes",
                          note: "first paint after resizing back to 120x40: clear + every non-blank cell of the dealt screen"))
        // A repaint: a burst of at least half the full repaint (the glide to the new layout that
        // follows sends small ones).
        let repaints = runs.flatMap(\.resizeBursts).map { bursts in
            Double(bursts.filter { Double($0.bytes) >= fullRepaint / 2 }.count)
        }
        report.add(Figure(name: "pty.repaints_per_resize", value: repaints.max(), unit: "repaints",
                          target: .atMost(Targets.repaintsPerResize), note: "most over \(repaints.count) resizes"))
        report.add(Figure(name: "pty.flip.frames_per_run", value: Double(flipFrames.count) / n, unit: "frames"))
        report.add(Figure(name: "pty.flip.bytes_per_frame.median", value: Stats.median(flipBytes), unit: "bytes"))
        report.add(Figure(name: "pty.flip.bytes_per_frame.max", value: flipBytes.max() ?? 0, unit: "bytes"))
        report.add(Figure(name: "pty.flip.share_of_full_repaint.median", value: share(Stats.median(flipBytes)), unit: "%",
                          target: .atMost(Targets.flipShareOfFullRepaint)))
        report.add(Figure(name: "pty.flip.share_of_full_repaint.max", value: share(flipBytes.max() ?? 0), unit: "%",
                          target: .atMost(Targets.flipShareOfFullRepaint)))
        report.add(Figure(name: "pty.flip.writes_per_frame", value: runs.map(\.flipWriteCalls).reduce(0, +) / Double(max(1, flipFrames.count)),
                          unit: "write calls"))
        report.add(Figure(name: "pty.deal20.frames_per_run", value: Double(dealFrames.count) / n, unit: "frames"))
        report.add(Figure(name: "pty.deal20.bytes_per_frame.median", value: Stats.median(dealBytes), unit: "bytes"))
        report.add(Figure(name: "pty.deal20.bytes_per_frame.max", value: dealBytes.max() ?? 0, unit: "bytes"))
        report.add(Figure(name: "pty.deal20.share_of_full_repaint.median", value: share(Stats.median(dealBytes)), unit: "%"))
        report.add(Figure(name: "pty.deal20.writes_per_frame", value: runs.map(\.dealWriteCalls).reduce(0, +) / Double(max(1, dealFrames.count)),
                          unit: "write calls"))

        report.section("3 idle: 5 s after the deal settled, no card counting down (median of \(runs.count) runs)")
        report.add(Figure(name: "idle.cpu", value: Stats.median(runs.map { $0.idle.cpuNanoseconds / 1e6 }), unit: "ms"))
        report.add(Figure(name: "idle.wakeups", value: Stats.median(runs.map(\.idle.voluntarySwitches)), unit: "voluntary switches",
                          target: .atMost(Targets.idleWakeups)))
        report.add(Figure(name: "idle.bytes", value: Stats.median(runs.map { max($0.idle.bytesWritten, Double($0.idleBytesRead)) }),
                          unit: "bytes", target: .atMost(Targets.idleBytes)))

        report.section("4 CPU while animating: 20-card deal at 120x40 (median of \(runs.count) runs)")
        report.add(Figure(name: "deal20.cpu", value: Stats.median(runs.map { $0.dealCPUNanoseconds / 1e9 / dealSeconds * 100 }),
                          unit: "% of one core", target: .atMost(Targets.dealCPUPercent), note: "CPU time over the deal / its 2.5 s"))

        report.section("5 frame pacing while animating: deal frames from pty read times (\(runs.count) runs)")
        report.add(Figure(name: "pacing.fps", value: Stats.median(runs.map(\.pacingFPS)), unit: "fps",
                          target: .within(Targets.fps, tolerance: Targets.fpsTolerance)))
        let gaps = runs.flatMap(\.pacingGaps)
        report.add(Figure(name: "pacing.gap.median", value: Stats.median(gaps), unit: "ms"))
        report.add(Figure(name: "pacing.gap.p95", value: Stats.percentile(gaps, 95), unit: "ms", target: .atMost(Targets.gapP95Ms)))
        if runs.contains(where: { !$0.exitedCleanly }) { report.note("a live run did not exit with status 0 after its script's q") }
        return runs
    }
}
