import Foundation
@testable import MemorizeApp
import MemorizeTestSupport
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The seeded game (ReferenceGame: seed 42, Halloween) in one terminal emulator on its own Xvfb.
/// The test types into it with xdotool, so it knows within milliseconds when a card starts to
/// turn, and freezes the game (SIGSTOP) for each screenshot: every picture is one whole frame at a
/// chosen moment. `close()` stops the game, the emulator and the X server.
final class EmulatorGame {
    static let size = Size(width: 80, height: 24)

    let emulator: TerminalEmulator
    let display: XDisplay
    private let terminal: BackgroundProcess
    private let directory: URL
    let gamePid: pid_t
    private let environment: [String: String]
    /// The terminal window's place on the screen and its cell size in pixels.
    let windowX: Int, windowY: Int, cellWidth: Int, cellHeight: Int

    struct Failure: Error, CustomStringConvertible { var description: String }

    init(_ emulator: TerminalEmulator) throws {
        self.emulator = emulator
        let binary = try BinaryUnderTest.path()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("memorize-emulator-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let pidFile = directory.appendingPathComponent("game.pid").path

        display = try XDisplay()
        var env = display.environment(ProcessRunner.baseEnvironment)
        env["TERM"] = nil
        env["COLUMNS"] = nil
        env["LINES"] = nil
        env["LANG"] = "C.UTF-8"
        env["LC_ALL"] = nil
        // Its own homes: no player's settings, scores or kitty.conf come in, none is written.
        env["HOME"] = directory.path
        env["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        env["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        env["XDG_RUNTIME_DIR"] = directory.path
        for (name, value) in emulator.environment { env[name] = value }
        let game = ([binary] + ReferenceGame.arguments).map(shellQuote).joined(separator: " ")
        let (program, arguments) = emulator.commandLine(columns: Self.size.width, rows: Self.size.height,
                                                        shellCommand: "echo $$ > \(shellQuote(pidFile)); exec \(game)")
        let terminal = try BackgroundProcess(program, arguments, environment: env,
                                             outputBase: directory.appendingPathComponent("terminal").path)
        self.terminal = terminal

        var pid: pid_t = 0
        do {
            try eventually("\(emulator.name) to start the game", timeout: 30) {
                guard terminal.isRunning else {
                    throw Failure(description: "\(emulator.name) exited \(terminal.exitStatus ?? -1): \(terminal.stderrText.suffix(600))")
                }
                pid = pid_t((try? String(contentsOfFile: pidFile, encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
                return pid > 0
            }
        } catch {
            Self.stop(pid: 0, terminal: terminal, display: display)
            throw error
        }
        gamePid = pid
        environment = env

        // The window (with no window manager, at +0+0 as asked) and the cell size it gives.
        let search = try ProcessRunner.run(EmulatorTools.xdotool, ["search", "--sync", "--onlyvisible", "--class", emulator.windowClass],
                                           environment: env, timeout: 30)
        guard let window = search.stdoutText.split(separator: "\n").first.map(String.init), search.status == 0 else {
            Self.stop(pid: pid, terminal: terminal, display: display)
            throw Failure(description: "no \(emulator.windowClass) window on \(display.name): \(search.stderrText)")
        }
        let geometry = try ProcessRunner.run(EmulatorTools.xdotool, ["getwindowgeometry", "--shell", window], environment: env)
        var values: [String: Int] = [:]
        for line in geometry.stdoutText.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        guard let width = values["WIDTH"], let height = values["HEIGHT"], let x = values["X"], let y = values["Y"] else {
            Self.stop(pid: pid, terminal: terminal, display: display)
            throw Failure(description: "xdotool gave no geometry: \(geometry.stdoutText) \(geometry.stderrText)")
        }
        windowX = x
        windowY = y
        // kitty may round its window up to whole pixels of padding: cells are whatever divides evenly.
        cellWidth = width / Self.size.width
        cellHeight = height / Self.size.height
        // With no window manager the keyboard goes to the window under the pointer.
        _ = try ProcessRunner.run(EmulatorTools.xdotool, ["mousemove", "--sync", String(x + 4), String(y + 4)], environment: env)
    }

    /// Types `keys` (xdotool's names: d, space, Right) into the focused emulator; returns when the
    /// X server has them.
    func type(_ keys: [String]) throws {
        let result = try ProcessRunner.run(EmulatorTools.xdotool, ["key", "--delay", "20"] + keys, environment: environment)
        guard result.status == 0 else { throw Failure(description: "xdotool key \(keys) failed: \(result.stderrText)") }
    }

    deinit { close() }

    /// Freezes the game, lets the terminal draw what it already received, and takes the window.
    func screenshot() throws -> Screenshot {
        kill(gamePid, SIGSTOP)
        defer { kill(gamePid, SIGCONT) }
        usleep(80_000)
        let area = "\(cellWidth * Self.size.width)x\(cellHeight * Self.size.height)+\(windowX)+\(windowY)"
        let shot = try ProcessRunner.run(EmulatorTools.importTool, ["-display", display.name, "-window", "root", "-crop", area, "+repage", "-depth", "8", "ppm:-"],
                                         environment: display.environment(ProcessRunner.baseEnvironment), timeout: 20)
        guard shot.status == 0 else { throw Failure(description: "import failed (\(shot.status)): \(shot.stderrText)") }
        return try Screenshot(ppm: shot.stdout)
    }

    func close() {
        Self.stop(pid: gamePid, terminal: terminal, display: display)
        try? FileManager.default.removeItem(at: directory)
    }

    private static func stop(pid: pid_t, terminal: BackgroundProcess, display: XDisplay) {
        if pid > 0 {
            kill(pid, SIGCONT)
            kill(pid, SIGKILL)
        }
        terminal.signal(SIGTERM)
        if (try? terminal.waitForExit(timeout: 3)) == nil { terminal.close() }
        terminal.close()
        display.close()
    }
}

/// Where the pictures go for a person to look at: `<package>/.build/emulator-shots/`.
enum EmulatorShots {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/emulator-shots")

    /// Removes the pictures an earlier run left for `emulator`, so none is mistaken for this run's.
    static func clear(_ emulator: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(emulator + "-") && name.hasSuffix(".png") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Writes `shot` as `<folder>/<name>.png` and returns the path (also printed).
    @discardableResult
    static func save(_ shot: Screenshot, as name: String) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let ppm = folder.appendingPathComponent(name + ".ppm").path
        let png = folder.appendingPathComponent(name + ".png").path
        try shot.ppm.write(to: URL(fileURLWithPath: ppm))
        defer { unlink(ppm) }
        let result = try ProcessRunner.run(EmulatorTools.convert, [ppm, png], timeout: 20)
        guard result.status == 0 else { throw EmulatorGame.Failure(description: "convert failed: \(result.stderrText)") }
        print("emulator screenshot: \(png)")
        return png
    }
}
