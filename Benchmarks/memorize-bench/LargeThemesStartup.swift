import Glibc

/// Figure 6b: start-up with the largest themes file a player may have (just under the 1 MiB
/// read limit, ~15k themes), exec to first complete frame, and `--list-themes` over it. Placing
/// each theme once counted lines from byte 0 per theme: 30 s to the first frame, on a blank screen.
enum LargeThemesStartup {
    static let launches = 5
    static let sizeLimit = 1 << 20

    /// `{"themes": [...]}` with as many small valid themes as fit below the limit, written
    /// compactly so there are as many as can be (the worst case); the count.
    static func writeFile(at path: String) -> Int? {
        var text = "{\"themes\": [\n"
        var count = 0
        let closing = "\n]}\n"
        while true {
            let entry = (count == 0 ? "" : ",\n")
                + "{\"name\":\"T\(count)\",\"emoji\":[\"👻\",\"🎃\"],\"pairs\":2,\"color\":\"#ff8c00\"}"
            if text.utf8.count + entry.utf8.count + closing.utf8.count >= sizeLimit { break }
            text += entry
            count += 1
        }
        text += closing
        guard let file = fopen(path, "w") else { return nil }
        defer { fclose(file) }
        return fputs(text, file) >= 0 ? count : nil
    }

    static func report(into report: Report, environment: BenchEnvironment) {
        report.section("6b start-up with the largest themes file (just under 1 MiB), 120x40, median of \(launches) launches")
        let config = environment.workDirectory + "/big-config"
        mkdir(config, 0o755)
        mkdir(config + "/memorize-tui", 0o755)
        guard let count = writeFile(at: config + "/memorize-tui/themes.json") else {
            report.add(Figure(name: "startup.largest_themes_file.first_frame", value: nil, unit: "ms", note: "could not write the file"))
            return
        }
        let variables = environment.variables.map { $0.hasPrefix("XDG_CONFIG_HOME=") ? "XDG_CONFIG_HOME=\(config)" : $0 }
        var samples: [Double] = []
        for _ in 0..<launches {
            guard let pty = try? PseudoTerminal(executable: environment.binary, arguments: ["--theme", "Vehicles", "--seed", "1"],
                                                environment: variables, columns: 120, rows: 40),
                  pty.pump(untilOutputContains: "Score:", timeout: 60) != nil,
                  let end = pty.pumpUntilQuiet(Bursts.gap, limit: 1) else { continue }
            samples.append((end - pty.spawnTime) * 1000)
            pty.finish(quitKey: "q", grace: 2)
        }
        report.add(Figure(name: "startup.largest_themes_file.first_frame", value: samples.isEmpty ? nil : Stats.median(samples),
                          unit: "ms", target: .atMost(Targets.largestThemesFileStartupMs), note: "\(count) themes"))
    }
}
