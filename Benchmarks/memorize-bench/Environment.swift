import Glibc

/// What the programs under test run with: the binary, a private HOME/XDG tree (a benchmark must
/// not touch the user's scores or themes) and a terminal environment stated in full.
struct BenchEnvironment {
    let binary: String
    let workDirectory: String

    /// The release binary: `--binary PATH`, else the `memorize-tui` next to this executable
    /// (both are products of the same `swift build -c release`, the README's play command).
    static func locate(arguments: [String]) -> String? {
        if let i = arguments.firstIndex(of: "--binary"), i + 1 < arguments.count { return arguments[i + 1] }
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let me = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = me.lastIndex(of: "/") else { return nil }
        return String(me[..<slash]) + "/memorize-tui"
    }

    init?(binary: String) {
        guard access(binary, X_OK) == 0 else { return nil }
        self.binary = binary
        var template = Array("/tmp/memorize-bench.XXXXXX".utf8CString)
        guard let dir = mkdtemp(&template) else { return nil }
        workDirectory = String(cString: dir)
    }

    var variables: [String] {
        ["TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(workDirectory)",
         "XDG_CONFIG_HOME=\(workDirectory)/config", "XDG_STATE_HOME=\(workDirectory)/state",
         "PATH=/usr/local/bin:/usr/bin:/bin:/usr/games"]
    }

    /// Writes a key script into the work directory and returns its path.
    func writeScript(named name: String, _ text: String) -> String {
        let path = "\(workDirectory)/\(name)"
        if let file = fopen(path, "w") {
            fputs(text, file)
            fclose(file)
        }
        return path
    }

    func removeWorkDirectory() {
        _ = Machine.shell("rm -rf '\(workDirectory)'")
    }
}
