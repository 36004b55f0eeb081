import Foundation
import MemorizeTestSupport
import Testing

/// Text from files, key scripts and the environment never reaches the terminal raw: every path
/// that prints it (stdout, stderr, snapshots) shows "?" for controls and bidi characters, and
/// hostile theme names are refused on load with file and line.
extension EndToEndTests {
    @Suite("Hostile text")
    struct HostileText {
        /// Bytes a terminal would obey: C0 controls other than newline, DEL, and (as UTF-8) C1
        /// controls and the bidi embedding/override/isolate/mark characters.
        static func unsafeBytes(in data: Data) -> [String] {
            let text = String(decoding: data, as: UTF8.self)
            return text.unicodeScalars.compactMap { scalar in
                let v = scalar.value
                let unsafe = (v < 0x20 && v != 0x0A) || (0x7F...0x9F).contains(v) || [0x061C, 0x200E, 0x200F].contains(v)
                    || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
                return unsafe ? String(format: "U+%04X", v) : nil
            }
        }

        /// A config directory whose themes.json holds names with an OSC title change, a screen
        /// clear and a right-to-left override, next to one good theme.
        static func hostileConfig() throws -> String {
            let home = NSTemporaryDirectory() + "memorize-hostile-\(getpid())-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: home + "/memorize-tui", withIntermediateDirectories: true)
            let json = """
            {"themes": [
              {"name": "Pwn\\u001b]0;pwned\\u0007X", "emoji": ["👻","🎃","🦇"], "pairs": 3, "color": "#ff0000"},
              {"name": "Clr\\u001b[2J\\u009b", "emoji": ["👻","🎃","🦇"], "pairs": 3, "color": "#ff0000"},
              {"name": "Evil\\u202eReversed", "emoji": ["👻","🎃","🦇"], "pairs": 3, "color": "#ff0000"},
              {"name": "Fine", "emoji": ["👻","🎃","🦇"], "pairs": 3, "color": "#ff0000"}
            ]}
            """
            try json.write(toFile: home + "/memorize-tui/themes.json", atomically: true, encoding: .utf8)
            return home
        }

        func environment(config: String? = nil) -> [String: String] {
            var env = ProcessRunner.utf8Environment
            if let config { env["XDG_CONFIG_HOME"] = config }
            return env
        }

        @Test("--list-themes refuses hostile names with file:line and prints nothing a terminal obeys")
        func listThemes() throws {
            let config = try Self.hostileConfig()
            defer { try? FileManager.default.removeItem(atPath: config) }
            let result = try ProcessRunner.run(try BinaryUnderTest.path(), ["--list-themes"], environment: environment(config: config))
            #expect(result.status == 0, "\(result.stderrText)")
            #expect(Self.unsafeBytes(in: result.stdout).isEmpty, "stdout: \(Self.unsafeBytes(in: result.stdout))")
            #expect(Self.unsafeBytes(in: result.stderr).isEmpty, "stderr: \(Self.unsafeBytes(in: result.stderr))")
            #expect(result.stdoutText.contains("Fine"))
            #expect(!result.stdoutText.contains("Pwn") && !result.stdoutText.contains("Evil"), "\(result.stdoutText)")
            #expect(result.stderrText.contains("themes.json:2:"), "names the file and line: \(result.stderrText)")
            #expect(result.stderrText.contains("U+001B"), "says which character: \(result.stderrText)")
        }

        @Test("--ascii --list-themes prints only ASCII")
        func asciiListThemes() throws {
            let config = try Self.hostileConfig()
            defer { try? FileManager.default.removeItem(atPath: config) }
            let result = try ProcessRunner.run(try BinaryUnderTest.path(), ["--ascii", "--list-themes"],
                                               environment: environment(config: config))
            #expect(result.status == 0)
            #expect(result.stdout.allSatisfy { $0 == 0x0A || (0x20...0x7E).contains($0) },
                    "non-ASCII bytes: \(result.stdout.filter { $0 >= 0x7F || ($0 < 0x20 && $0 != 0x0A) }.prefix(10))")
        }

        @Test("messages that quote what was typed or found are neutralised", arguments: [
            ["--theme", "Pwn\u{1B}]0;pwned\u{7}X"],
            ["--theme", "Evil\u{202E}Reversed"],
            ["--bogus-\u{1B}[2J"],
            ["--headless", "--script", "/nonexistent/\u{1B}]0;x\u{7}.keys"],
        ])
        func messages(arguments: [String]) throws {
            let result = try ProcessRunner.run(try BinaryUnderTest.path(), arguments, environment: environment())
            #expect(result.status == 2, "\(result.stderrText)")
            #expect(!result.stderr.isEmpty)
            #expect(Self.unsafeBytes(in: result.stderr).isEmpty, "stderr: \(Self.unsafeBytes(in: result.stderr)) in \(result.stderrText)")
        }

        @Test("a key script's hostile line is quoted safely in its error")
        func keyScriptError() throws {
            let path = NSTemporaryDirectory() + "hostile-\(getpid()).keys"
            try "size 80x24\nexpect \"\u{202E}gniht\"\njump\u{202E}31m\n".write(toFile: path, atomically: true, encoding: .utf8)
            defer { unlink(path) }
            let result = try ProcessRunner.run(try BinaryUnderTest.path(), ["--headless", "--script", path], environment: environment())
            #expect(result.status == 2, "\(result.stderrText)")
            #expect(result.stderrText.contains(":3:"), "names the line: \(result.stderrText)")
            #expect(Self.unsafeBytes(in: result.stderr).isEmpty, "stderr: \(Self.unsafeBytes(in: result.stderr))")
        }

        @Test("an environment value quoted in an error is neutralised (TERM)")
        func hostileTerm() throws {
            let session = try TmuxSession(size: Check.size80x24, term: "x\u{1B}]0;pwned\u{7}", arguments: ReferenceGame.arguments)
            defer { session.close() }
            #expect(try session.waitForExit() == 2)
            let stderr = Data(session.stderrText().utf8)
            #expect(!stderr.isEmpty)
            #expect(Self.unsafeBytes(in: stderr).isEmpty, "stderr: \(Self.unsafeBytes(in: stderr))")
        }
    }
}
