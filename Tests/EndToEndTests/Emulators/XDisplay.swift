import Foundation
import MemorizeTestSupport
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The programs the emulator tests drive (Debian: xvfb xterm kitty imagemagick xdotool, with
/// fonts-dejavu-core and fonts-noto-color-emoji; scripts/test.sh installs them as root).
enum EmulatorTools {
    static let xvfb = "/usr/bin/Xvfb"
    static let xterm = "/usr/bin/xterm"
    static let kitty = "/usr/bin/kitty"
    /// ImageMagick's, by full path: /usr/local/bin may hold another `convert`.
    static let importTool = "/usr/bin/import"
    static let convert = "/usr/bin/convert"
    static let xdotool = "/usr/bin/xdotool"

    static let all = [xvfb, xterm, kitty, importTool, convert, xdotool]
    static var missing: [String] { all.filter { !FileManager.default.isExecutableFile(atPath: $0) } }
    /// Without them the tests are skipped, saying so; under CI (CI set) they fail instead.
    static var runnable: Bool { missing.isEmpty || ProcessInfo.processInfo.environment["CI"] != nil }
    static let howToInstall = "run `bash scripts/test.sh` as root (it installs xvfb xterm kitty imagemagick xdotool and the fonts)"
}

/// A private X server (Xvfb) on a free display, never :0. `close()` stops it.
final class XDisplay {
    let number: Int
    private let server: BackgroundProcess
    var name: String { ":\(number)" }

    private static let attempts = Mutex(0)

    init(width: Int = 1400, height: Int = 900) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("memorize-xvfb-\(getpid())").path
        var failures: [String] = []
        // Numbers 200-999 from the process id, so two runs on one machine start far apart; a
        // number whose lock or socket exists is taken, and a server that loses a race exits.
        for _ in 0..<20 {
            let attempt = Self.attempts.withLock { value -> Int in
                value += 1
                return value
            }
            let candidate = 200 + (Int(getpid()) * 37 + attempt * 101) % 800
            if FileManager.default.fileExists(atPath: "/tmp/.X\(candidate)-lock")
                || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(candidate)") { continue }
            let server = try BackgroundProcess(EmulatorTools.xvfb, [":\(candidate)", "-screen", "0", "\(width)x\(height)x24",
                                                                    "-nolisten", "tcp", "-noreset"],
                                               environment: ProcessRunner.baseEnvironment, outputBase: base + "-\(candidate)")
            let deadline = Date().addingTimeInterval(10)
            while server.isRunning, !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(candidate)"), Date() < deadline {
                usleep(20_000)
            }
            if server.isRunning, FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(candidate)") {
                number = candidate
                self.server = server
                return
            }
            failures.append(":\(candidate): \(server.stderrText.suffix(300))")
            server.close()
        }
        throw BackgroundProcess.Failure(description: "no Xvfb display could be started:\n" + failures.joined(separator: "\n"))
    }

    deinit { close() }

    func close() {
        server.signal(SIGTERM)
        if (try? server.waitForExit(timeout: 3)) == nil { server.close() }
        server.close()
    }

    /// The environment for X clients on this display.
    func environment(_ base: [String: String]) -> [String: String] {
        var env = base
        env["DISPLAY"] = name
        return env
    }
}
