import Glibc

/// The run's header: when, on what, at which commit. Everything else in the output is a figure.
enum Machine {
    static func header(binary: String) -> [String] {
        var lines = ["# memorize-bench"]
        lines.append("date: \(shell("date -u +%Y-%m-%dT%H:%M:%SZ") ?? "?")")
        lines.append("machine: nproc \(sysconf(Int32(_SC_NPROCESSORS_ONLN))), cpu \(cpuModel()), \(shell("uname -sr") ?? "?")")
        let commit = shell("git rev-parse --short HEAD 2>/dev/null") ?? "unknown"
        // Other work may be uncommitted in the tree the binary was built from: say so.
        let dirty = (shell("git status --porcelain --untracked-files=no 2>/dev/null") ?? "").isEmpty ? "" : " (+ uncommitted changes)"
        lines.append("commit: \(commit)\(dirty)")
        lines.append("binary: \(binary)")
        // Which shared libraries the binary maps (a static Swift runtime leaves libc and ncursesw).
        let libraries = shell("ldd '\(binary)' 2>/dev/null | sed -e 's/^[[:space:]]*//' -e 's/ .*//' | grep -v '^linux-vdso' | tr '\\n' ' '")
        lines.append("shared libraries: \(libraries.map { $0.split(separator: " ").joined(separator: " ") } ?? "?")")
        lines.append(loadLine(when: "start"))
        return lines
    }

    /// Other work on the machine (builds, tests) shows in wall-clock figures: print the load.
    static func loadLine(when: String) -> String {
        let load = ProcFile.read("/proc/loadavg")?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        return "load average at \(when): \(load)"
    }

    static func cpuModel() -> String {
        guard let text = ProcFile.read("/proc/cpuinfo") else { return "unknown" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters() } ?? "unknown"
        }
        return "unknown"
    }

    /// First line of a shell command's output, nil when it fails or prints nothing.
    static func shell(_ command: String) -> String? {
        guard let pipe = popen(command, "r") else { return nil }
        var output = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), pipe) != nil {
            output += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let status = pclose(pipe)
        let line = output.split(separator: "\n").first.map(String.init) ?? ""
        return status == 0 && !line.isEmpty ? line : nil
    }
}

extension Substring {
    func trimmingCharacters() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
