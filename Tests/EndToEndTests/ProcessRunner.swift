import Foundation

/// Runs a program to completion with Foundation's Process, collecting stdout and stderr.
struct ProcessOutput {
    var status: Int32
    var terminationReason: Process.TerminationReason
    var stdout: Data
    var stderr: Data
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    /// stderr split into lines, without the empty one after the final newline.
    var stderrLines: [String] {
        var lines = stderrText.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

struct ProcessTimeout: Error, CustomStringConvertible {
    var command: String
    var seconds: Double
    var description: String { "\(command) did not finish within \(seconds) s (killed)" }
}

enum ProcessRunner {
    /// The test process's environment minus what would leak a surrounding tmux into ours.
    static var baseEnvironment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        for name in ["TMUX", "TMUX_PANE", "NO_COLOR"] { env[name] = nil }
        return env
    }

    /// - Parameters:
    ///   - stdin: nil for /dev/null (not a tty).
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                    stdin: FileHandle? = nil, timeout: Double = 15) throws -> ProcessOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment ?? baseEnvironment
        let out = Pipe(), err = Pipe()
        process.standardInput = stdin ?? FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err

        var outData = Data(), errData = Data()
        let group = DispatchGroup()
        let readers = DispatchQueue(label: "e2e.process.readers", attributes: .concurrent)
        group.enter()
        readers.async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        readers.async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }

        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            process.terminate()
            usleep(100_000)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            _ = group.wait(timeout: .now() + 2)
            throw ProcessTimeout(command: ([executable] + arguments).joined(separator: " "), seconds: timeout)
        }
        process.waitUntilExit()
        _ = group.wait(timeout: .now() + 5)
        return ProcessOutput(status: process.terminationStatus, terminationReason: process.terminationReason,
                             stdout: outData, stderr: errData)
    }
}

/// POSIX shell single-quoting.
func shellQuote(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
