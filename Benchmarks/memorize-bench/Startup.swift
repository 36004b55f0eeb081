import Glibc

/// Figure 6: exec to first complete frame, and peak RSS once it is up, for memorize-tui and for
/// `nbmemoblocks` (Debian's nbsdgames, a C ncurses memory game) as a yardstick.
/// "Complete" is the end of the paint burst that carries the marker text.
enum Startup {
    struct Sample {
        var milliseconds: Double
        var peakRSSKiB: Double
    }

    static let nbmemoblocks = "/usr/games/nbmemoblocks"

    static func measure(executable: String, arguments: [String], marker: String, quitKey: String,
                        environment: BenchEnvironment, runs: Int) -> [Sample] {
        var samples: [Sample] = []
        for _ in 0..<runs {
            guard let pty = try? PseudoTerminal(executable: executable, arguments: arguments,
                                                environment: environment.variables, columns: 120, rows: 40),
                  pty.pump(untilOutputContains: marker, timeout: 10) != nil,
                  let end = pty.pumpUntilQuiet(Bursts.gap, limit: 1),
                  let proc = ProcSample(pid: pty.pid) else { continue }
            samples.append(Sample(milliseconds: (end - pty.spawnTime) * 1000, peakRSSKiB: proc.peakRSSKiB))
            pty.finish(quitKey: quitKey, grace: 2)
        }
        return samples
    }
}

extension Startup {
    static let launches = 15

    static func report(into report: Report, environment: BenchEnvironment, gamePeakRSSKiB: Double?) {
        report.section("6 start-up (exec to first complete frame) and peak RSS (VmHWM), 120x40, median of \(launches) launches")
        // Launches take turns with nbmemoblocks' (when installed), so a busy moment falls on both.
        let peerInstalled = access(nbmemoblocks, X_OK) == 0
        var mine: [Sample] = [], other: [Sample] = []
        for _ in 0..<launches {
            mine += measure(executable: environment.binary, arguments: ["--theme", "Vehicles", "--seed", "1"], marker: "Score:",
                            quitKey: "q", environment: environment, runs: 1)
            if peerInstalled {
                other += measure(executable: nbmemoblocks, arguments: [], marker: "LOCKS", quitKey: "q",
                                 environment: environment, runs: 1)
            }
        }
        let start = mine.isEmpty ? nil : Stats.median(mine.map(\.milliseconds))
        // The peak over a whole game (live runs) when there is one; start-up alone otherwise.
        let peaks = mine.map(\.peakRSSKiB) + (gamePeakRSSKiB.map { [$0] } ?? [])
        let rss = peaks.isEmpty ? nil : max(Stats.median(mine.map(\.peakRSSKiB)), gamePeakRSSKiB ?? 0) / 1024
        report.add(Figure(name: "startup.first_frame", value: start, unit: "ms", target: .atMost(Targets.startupMs),
                          note: "release build, absolute"))
        report.add(Figure(name: "rss.peak", value: rss, unit: "MiB", target: .atMost(Targets.peakRSSMiB),
                          note: gamePeakRSSKiB == nil ? "start-up only" : "largest of start-up and a whole live game"))

        guard peerInstalled else {
            report.add(Figure(name: "nbmemoblocks.startup.first_frame", value: nil, unit: "ms",
                              note: "nbmemoblocks not installed (apt-get install nbsdgames)"))
            return
        }
        let otherStart = other.isEmpty ? nil : Stats.median(other.map(\.milliseconds))
        let otherRSS = other.isEmpty ? nil : Stats.median(other.map(\.peakRSSKiB)) / 1024
        report.add(Figure(name: "nbmemoblocks.startup.first_frame", value: otherStart, unit: "ms"))
        report.add(Figure(name: "nbmemoblocks.rss.peak", value: otherRSS, unit: "MiB"))
        func ratio(_ a: Double?, _ b: Double?) -> Double? { a.flatMap { a in b.flatMap { $0 > 0 ? a / $0 : nil } } }
        report.add(Figure(name: "ratio.startup.memorize_over_nbmemoblocks", value: ratio(start, otherStart), unit: "x",
                          note: "for information; swift-argument-parser is ~78% of our start-up"))
        report.add(Figure(name: "ratio.rss.memorize_over_nbmemoblocks", value: ratio(rss, otherRSS), unit: "x"))
    }
}
