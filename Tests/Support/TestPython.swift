import Foundation

/// The Python the tests start (hostile SSH clients with paramiko, pyte, ssh-audit), found as
/// `scripts/test.sh` leaves it: packages in `<package>/.build/python` (pip --target, never the
/// system's Python), the interpreter that filled it named in its `INTERPRETER` file. Without that
/// folder, `python3` on PATH with whatever it has installed.
public enum TestPython {
    /// `<package>/.build/python`; #filePath is `<package>/Tests/Support/TestPython.swift`.
    public static let folder: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/python").path

    static var installed: Bool { FileManager.default.fileExists(atPath: folder + "/STAMP") }

    /// The interpreter and the arguments before a script's: `[/abs/python3]`, else `[/usr/bin/env, python3]`.
    public static var command: [String] {
        if installed, let text = try? String(contentsOfFile: folder + "/INTERPRETER", encoding: .utf8) {
            let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if FileManager.default.isExecutableFile(atPath: path) { return [path] }
        }
        return ["/usr/bin/env", "python3"]
    }

    /// `base` with the folder's packages importable and its scripts (ssh-audit) first on PATH.
    public static func environment(_ base: [String: String] = ProcessRunner.baseEnvironment) -> [String: String] {
        guard installed else { return base }
        var env = base
        env["PYTHONPATH"] = [folder, base["PYTHONPATH"]].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ":")
        env["PATH"] = folder + "/bin:" + (base["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
        return env
    }

    /// Runs `python3 arguments` as above.
    public static func run(_ arguments: [String], environment: [String: String] = ProcessRunner.baseEnvironment,
                           timeout: Double = 15) throws -> ProcessOutput {
        let command = Self.command
        return try ProcessRunner.run(command[0], Array(command.dropFirst()) + arguments,
                                     environment: self.environment(environment), timeout: timeout)
    }

    /// A program pip installed (ssh-audit): in the folder's `bin`, else on PATH.
    public static func program(_ name: String) -> String? {
        let path = environment()["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// What to tell someone a package is missing.
    public static let howToInstall = "run `bash scripts/test.sh` once (it installs the Python packages into .build/python)"
}
