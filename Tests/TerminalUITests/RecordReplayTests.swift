import Foundation
import Testing
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

// MARK: - The binary: --record, headless and live

@Suite(.serialized) struct RecordReplayTests {
    /// Deals, turns a card up, resizes, then waits until nothing moves (the bonus pie runs out
    /// after 6 s), so the last frame drawn is the screen the final snapshot shows.
    static let headlessScript = """
        seed 42
        key d
        wait 3s
        key space
        wait 1s
        resize 100x30
        wait 7s
        snapshot final
        """

    func recordHeadless(_ name: String, script: String = headlessScript, extra: [String] = [],
                        environment: [String: String] = [:]) throws -> (cast: Asciicast, text: String, run: RecordBinary.Run) {
        let scriptPath = try temporaryFile("\(name).keys", contents: script)
        let castPath = try temporaryFile("\(name).cast")
        defer {
            try? FileManager.default.removeItem(atPath: scriptPath)
            try? FileManager.default.removeItem(atPath: castPath)
        }
        let run = try RecordBinary.run(["--headless", "--size", "80x24", "--script", scriptPath, "--record", castPath] + extra,
                                       environment: environment)
        try #require(run.status == 0, "exit \(run.status): \(run.stderr)")
        let text = try String(contentsOfFile: castPath, encoding: .utf8)
        return (try Asciicast(text: text), text, run)
    }

    @Test func headlessRecordingIsAsciicastAndReplaysToTheFinalSnapshot() throws {
        let (cast, _, run) = try recordHeadless("headless")
        #expect(cast.width == 80 && cast.height == 24)
        #expect(cast.term == "xterm-256color")
        #expect(cast.header["timestamp"] == nil, "a headless header has no wall-clock time unless SOURCE_DATE_EPOCH says so")
        #expect(cast.isMonotonic)
        #expect(cast.events.allSatisfy { $0.code == "o" || $0.code == "r" })
        #expect(cast.events.first?.time == 0)
        #expect(cast.events.first?.data.hasPrefix("\u{1B}[?1049h") == true)       // ncurses' smcup opens it
        #expect(cast.events.last?.data.contains("\u{1B}[?1049l") == true)          // and endwin closes it
        // Virtual time: the resize happened 4 s in, the script ended 11 s in.
        #expect(cast.resizes == [.init(time: 4, code: "r", data: "100x30")])
        let resizeIndex = try #require(cast.events.firstIndex { $0.code == "r" })
        #expect(cast.events[..<resizeIndex].count > 10, "frames of the deal come before the resize")
        #expect(cast.events[resizeIndex + 1].data.contains("\u{1B}[H\u{1B}[2J"), "a full repaint follows the resize")
        #expect(cast.events.last?.time == 11)

        let final = try #require(snapshots(in: run.stdout)["final"])
        #expect(final.contains("Score"), "the snapshot shows the game")
        let replayed = try CastReplay.finalScreen(cast)
        #expect(screenLines(replayed) == screenLines(final), "replayed:\n\(replayed)\nsnapshot:\n\(final)")
    }

    @Test func headlessRecordingIsTheSameEveryRun() throws {
        let first = try recordHeadless("same1", environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        let second = try recordHeadless("same2", environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        #expect(first.text == second.text)
        #expect(first.cast.header["timestamp"] as? Int == 1_700_000_000)
    }

    @Test func noColorRecordingHasAttributesButNoColours() throws {
        let script = "seed 3\nkey d\nwait 3s\nkey space\nwait 7s\nsnapshot end\n"
        let (mono, _, _) = try recordHeadless("mono", script: script, extra: ["--no-color"])
        let (color, _, _) = try recordHeadless("color", script: script)
        #expect(sgrColourCount(in: color.output) > 0, "the coloured recording is the control")
        #expect(sgrColourCount(in: mono.output) == 0)
        #expect(mono.output.contains("\u{1B}[0;1m") || mono.output.contains("\u{1B}[1m"), "bold survives")
    }

    @Test func anUnwritableRecordPathIsOneLineAndExitTwo() throws {
        let scriptPath = try temporaryFile("bad.keys", contents: Self.headlessScript)
        defer { try? FileManager.default.removeItem(atPath: scriptPath) }
        let run = try RecordBinary.run(["--headless", "--script", scriptPath, "--record", "/nonexistent-dir/x.cast"])
        #expect(run.status == 2)
        #expect(run.stderr == "memorize-tui: cannot write the recording to /nonexistent-dir/x.cast: No such file or directory\n")
        #expect(run.stdout.isEmpty)

        // Live: the terminal is never taken over (no alternate screen, nothing drawn).
        let binary = try RecordBinary.path()
        let errFile = try temporaryFile("bad.err"), rcFile = try temporaryFile("bad.rc")
        defer { for f in [errFile, rcFile] { try? FileManager.default.removeItem(atPath: f) } }
        let tmux = try RecordTmux(size: Size(width: 60, height: 12), command:
            "\(appEnvironment(term: "tmux-256color")) \(shellQuoted(binary)) --record /nonexistent-dir/x.cast 2>\(shellQuoted(errFile)); \(saveExitStatus(to: rcFile)); exec sleep 600")
        defer { tmux.close() }
        #expect(savedExitStatus(at: rcFile) == "2")
        #expect((try? String(contentsOfFile: errFile, encoding: .utf8)) == "memorize-tui: cannot write the recording to /nonexistent-dir/x.cast: No such file or directory\n")
        #expect(screenLines(try tmux.capture()).isEmpty, "nothing was drawn")
    }

    /// The brief's live session: `key d`, `wait 3s`, `key q`, in tmux.
    @Test func liveRecordingInTmuxIsAValidCast() throws {
        let binary = try RecordBinary.path()
        let scriptPath = try temporaryFile("live.keys", contents: "key d\nwait 3s\nkey q\n")
        let castPath = try temporaryFile("live.cast"), rcFile = try temporaryFile("live.rc"), errFile = try temporaryFile("live.err")
        defer { for f in [scriptPath, castPath, rcFile, errFile] { try? FileManager.default.removeItem(atPath: f) } }
        let before = Date().timeIntervalSince1970
        let tmux = try RecordTmux(size: Size(width: 80, height: 24), command:
            "\(appEnvironment(term: "tmux-256color")) \(shellQuoted(binary)) --seed 7 --script \(shellQuoted(scriptPath)) --record \(shellQuoted(castPath)) 2>\(shellQuoted(errFile)); \(saveExitStatus(to: rcFile)); exec sleep 600")
        defer { tmux.close() }
        #expect(savedExitStatus(at: rcFile) == "0", "stderr: \((try? String(contentsOfFile: errFile, encoding: .utf8)) ?? "")")
        #expect(try tmux.display("#{alternate_on} #{mouse_any_flag}") == "0 0", "the live terminal was restored")

        let cast = try Asciicast(path: castPath)
        #expect(cast.width == 80 && cast.height == 24 && cast.term == "xterm-256color")
        let timestamp = try #require(cast.header["timestamp"] as? Int)
        #expect(Double(timestamp) >= before.rounded(.down) - 1 && Double(timestamp) <= Date().timeIntervalSince1970 + 1)
        #expect(cast.isMonotonic)
        #expect(cast.resizes.isEmpty)
        #expect(cast.events.count > 10, "the deal animates")
        let last = try #require(cast.events.last)
        #expect(last.time >= 2.9 && last.time < 10, "quit 3 s in (real time): \(last.time)")
        #expect(last.data.contains("\u{1B}[?1049l"))
        #expect(cast.output.contains("Restart"))
    }

    /// Live, with a resize half-way: the recording follows the terminal ("r" + repaint), the live
    /// screen keeps working across the off-screen switches, and replaying the cast ends on the
    /// screen the player saw last. With seed 3 the first two cards match after the resize, so the
    /// right-aligned "Pairs left: 10" becomes "Pairs left: 9" in columns the recording's own
    /// resize once clipped from the live screen's windows ("PPairs left: 9" on the live screen).
    @Test func liveRecordingFollowsAResizeAndReplaysToWhatWasShown() throws {
        let binary = try RecordBinary.path()
        let scriptPath = try temporaryFile("live2.keys", contents: "key d\n")
        let castPath = try temporaryFile("live2.cast"), rcFile = try temporaryFile("live2.rc")
        defer { for f in [scriptPath, castPath, rcFile] { try? FileManager.default.removeItem(atPath: f) } }
        let tmux = try RecordTmux(size: Size(width: 80, height: 24), command:
            "\(appEnvironment(term: "tmux-256color")) \(shellQuoted(binary)) --seed 3 --script \(shellQuoted(scriptPath)) --record \(shellQuoted(castPath)) 2>/dev/null; \(saveExitStatus(to: rcFile)); exec sleep 600")
        defer { tmux.close() }
        try tmux.waitFor("the game") { $0.contains("Restart") }
        try waitUntilStill(tmux, for: 1.0)                     // the deal has landed
        try tmux.tmux(["resize-window", "-t", "S", "-x", "96", "-y", "28"])
        try tmux.waitFor("the 96-column layout") { screenLines($0).first.map { $0.count > 90 } ?? false }
        try tmux.tmux(["send-keys", "-t", "S", "Right", "Space"])
        usleep(300_000)
        try tmux.tmux(["send-keys", "-t", "S", "Right", "Space"])
        try tmux.waitFor("the match") { $0.contains("Pairs left: 9") }
        let shown = try waitUntilStill(tmux, for: 1.5)
        try tmux.tmux(["send-keys", "-t", "S", "q"])
        #expect(savedExitStatus(at: rcFile) == "0")
        #expect(screenLines(shown).first?.hasSuffix(" Pairs left: 9") == true, "the live screen: \(screenLines(shown).first ?? "")")

        let cast = try Asciicast(path: castPath)
        #expect(cast.width == 80 && cast.height == 24)
        #expect(cast.resizes.map(\.data) == ["96x28"])
        #expect(cast.isMonotonic)
        let replayed = try CastReplay.finalScreen(cast)
        #expect(screenLines(replayed) == screenLines(shown), "replayed:\n\(replayed)\nshown live:\n\(shown)")
    }

    /// Waits until the pane has not changed for `seconds`; returns what it shows.
    @discardableResult
    func waitUntilStill(_ tmux: RecordTmux, for seconds: Double, timeout: Double = 20) throws -> String {
        var shown = try tmux.capture()
        var stableSince = Date()
        let deadline = Date().addingTimeInterval(timeout)
        while Date().timeIntervalSince(stableSince) < seconds {
            guard Date() < deadline else { throw RecordTmux.Failure(description: "the screen never settled:\n\(shown)") }
            usleep(200_000)
            let now = try tmux.capture()
            if now != shown { shown = now; stableSince = Date() }
        }
        return shown
    }

    /// asciinema's own player, where installed (`apt-get install asciinema`): it plays the
    /// headless recording to the final snapshot.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/asciinema")))
    func asciinemaPlayReplaysIt() throws {
        let (cast, text, run) = try recordHeadless("asciinema")
        let castPath = try temporaryFile("asciinema-play.cast", contents: text)
        let rcFile = try temporaryFile("asciinema.rc")
        defer { for f in [castPath, rcFile] { try? FileManager.default.removeItem(atPath: f) } }
        let final = try #require(snapshots(in: run.stdout)["final"])
        // asciinema plays in a terminal it cannot resize: give it the final size; the repaint
        // after the "r" event fills it.
        let size = cast.resizes.last.map { Size(parsing: $0.data)! } ?? Size(width: cast.width, height: cast.height)
        let tmux = try RecordTmux(size: size, command:
            "sleep 0.3; env TERM=tmux-256color LANG=C.UTF-8 asciinema play -i 0.05 -s 20 \(shellQuoted(castPath)) 2>/dev/null; \(saveExitStatus(to: rcFile)); exec sleep 600")
        defer { tmux.close() }
        try tmux.tmux(["set-option", "-w", "-t", "S", "alternate-screen", "off"])
        #expect(savedExitStatus(at: rcFile, timeout: 30) == "0", "asciinema play finished")
        #expect(screenLines(try tmux.capture()) == screenLines(final))
    }
}
