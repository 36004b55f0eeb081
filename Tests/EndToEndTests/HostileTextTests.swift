import Foundation
import MemorizeTestSupport
import TerminalUI
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

        @Test("--ascii --list-themes: the warning about a refused theme is ASCII too")
        func asciiListThemesWarning() throws {
            let home = NSTemporaryDirectory() + "memorize-ascii-\(getpid())-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: home + "/memorize-tui", withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: home) }
            try ##"{"themes": [{"name": "Café ❤", "emoji": ["❤️","🎃"], "pairs": 2, "color": "#ff0000"}]}"##
                .write(toFile: home + "/memorize-tui/themes.json", atomically: true, encoding: .utf8)
            let result = try ProcessRunner.run(try BinaryUnderTest.path(), ["--ascii", "--list-themes"],
                                               environment: environment(config: home))
            #expect(result.status == 0)
            #expect(result.stderrText.contains("themes.json:1:"), "\(result.stderrText)")
            #expect(result.stderr.allSatisfy { $0 == 0x0A || (0x20...0x7E).contains($0) }, "\(result.stderrText)")
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

        @Test("an environment value quoted in an error is neutralised (TERM), newline included",
              arguments: ["x\u{1B}]0;pwned\u{7}", "x\nforged line"])
        func hostileTerm(term: String) throws {
            let session = try TmuxSession(size: Check.size80x24, term: term, arguments: ReferenceGame.arguments)
            defer { session.close() }
            #expect(try session.waitForExit() == 2)
            let stderr = Data(session.stderrText().utf8)
            #expect(!stderr.isEmpty)
            #expect(Self.unsafeBytes(in: stderr).isEmpty, "stderr: \(Self.unsafeBytes(in: stderr))")
            #expect(session.stderrText().split(separator: "\n").count == 1, "one line: \(session.stderrText())")
        }

        /// A newline typed into a path, a name or a flag's value must not start a line of its own
        /// on stderr: "forged" never begins a line, and a message of ours is one line.
        @Test("a newline in what is quoted cannot forge a second line", arguments: [
            (["--theme", "a\nforged line"], true),
            (["--headless", "--script", "/nonexistent/a\nforged.keys"], true),
            (["--headless", "--script", "SCRIPT", "--record", "/nonexistent/a\nforged.cast"], true),
            (["--headless", "--script", "SCRIPT", "--snapshot-dir", "/proc/a\nforged"], true),
            (["--fps", "1\nforged"], false),
            (["--fps=1\nforged"], false),
            (["--headless", "--script", "x", "--size", "80x24\nforged"], false),
            (["--bogus\nforged"], false),
        ] as [([String], Bool)])
        func newlines(arguments: [String], ours: Bool) throws {
            let script = NSTemporaryDirectory() + "newline-\(getpid())-\(UUID().uuidString).keys"
            try "size 40x12\nsnapshot s\n".write(toFile: script, atomically: true, encoding: .utf8)
            defer { unlink(script) }
            let arguments = arguments.map { $0 == "SCRIPT" ? script : $0 }
            let result = try ProcessRunner.run(try BinaryUnderTest.path(), arguments, environment: environment())
            #expect(result.status == 2, "\(result.stderrText)")
            #expect(result.stderrText.contains("?forged"), "quoted, newline shown as ?: \(result.stderrText)")
            #expect(!result.stderrLines.contains { $0.hasPrefix("forged") }, "forged line: \(result.stderrText)")
            if ours { #expect(result.stderrLines.count == 1, "one line: \(result.stderrText)") }
        }

        @Test("a key script's quoted newline stays inside its one-line message", arguments: [
            ("theme \"a\\nforged\"\n", Int32(2)),
            ("expect \"a\\nforged\"\n", Int32(1)),
        ])
        func keyScriptNewline(line: String, status: Int32) throws {
            let path = NSTemporaryDirectory() + "newline-\(getpid())-\(UUID().uuidString).keys"
            try ("size 60x20\nseed 1\n" + line).write(toFile: path, atomically: true, encoding: .utf8)
            defer { unlink(path) }
            let result = try ProcessRunner.run(try BinaryUnderTest.path(), ["--headless", "--script", path], environment: environment())
            #expect(result.status == status, "\(result.stderrText)")
            let first = result.stderrLines.first ?? ""
            #expect(first.contains("a?forged"), "the message, on its line: \(result.stderrText)")
            #expect(!result.stderrLines.contains { $0.hasPrefix("forged") }, "forged line: \(result.stderrText)")
            if status == 2 { #expect(result.stderrLines.count == 1, "\(result.stderrText)") }
        }

        /// Bidi controls typed into the editor (a key script may hold them; C0 and C1 it refuses
        /// itself) are refused there; the snapshots, the SVG pictures and the recording that show
        /// the editor's message hold none of them, nor any other control.
        @Test("headless snapshots, SVG pictures and recordings of hostile typing hold no controls")
        func headlessOutputs() throws {
            let directory = NSTemporaryDirectory() + "hostile-out-\(getpid())-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let script = directory + "/typing.keys"
            try """
            size 80x24
            seed 1
            key t
            key a
            type "Evil\u{202E}\u{2066}x"
            snapshot name
            key tab
            type "\u{202D}\u{200F}"
            key enter
            snapshot emoji
            key esc
            key esc
            key q

            """.write(toFile: script, atomically: true, encoding: .utf8)
            var env = environment()
            env["TERM"] = "xterm-256color\u{1B}]0;pwned\u{7}"
            let result = try ProcessRunner.run(try BinaryUnderTest.path(),
                                               ["--headless", "--script", script, "--snapshot-dir", directory,
                                                "--record", directory + "/typing.cast"], environment: env)
            #expect(result.status == 0, "\(result.stderrText)")
            #expect(result.stdoutText.contains("--- snapshot emoji"), "\(result.stdoutText)")
            #expect(result.stdoutText.contains("U+2066") && result.stdoutText.contains("U+202D"),
                    "the editor names the refused characters: \(result.stdoutText)")
            #expect(Self.unsafeBytes(in: result.stdout).isEmpty, "stdout: \(Self.unsafeBytes(in: result.stdout))")
            for file in ["name.svg", "emoji.svg", "typing.cast"] {
                let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file))
                #expect(!data.isEmpty)
                #expect(Self.unsafeBytes(in: data).isEmpty, "\(file): \(Self.unsafeBytes(in: data))")
            }
        }

        /// Snapshots of a live `--script` run are printed after the terminal is restored, onto the
        /// player's terminal: here the theme chooser showing the refusal of a hostile theme name.
        /// `script(1)` keeps every byte the terminal received.
        @Test("live --script snapshots printed after exit hold no controls")
        func liveSnapshots() throws {
            let config = try Self.hostileConfig()
            defer { try? FileManager.default.removeItem(atPath: config) }
            let keys = config + "/live.keys"
            let log = config + "/typescript"
            let rc = config + "/rc"
            // p: the chooser's list of theme problems, which quotes each hostile name.
            try "key t\nwait 300ms\nkey p\nsnapshot chooser\nkey esc\nkey esc\nkey q\n".write(toFile: keys, atomically: true, encoding: .utf8)
            let command = ["env", "LANG=C.UTF-8", "TERM=tmux-256color", "XDG_CONFIG_HOME=\(config)",
                           "XDG_STATE_HOME=\(config)/state", try BinaryUnderTest.path(), "--script", keys]
                .map(shellQuote).joined(separator: " ")
            let session = try TmuxSession(size: Size(width: 100, height: 30), term: "tmux-256color",
                                          shell: "script -qec \(shellQuote(command)) \(shellQuote(log)); echo $? > \(shellQuote(rc)); exec sleep 600")
            defer { session.close() }
            let deadline = Date().addingTimeInterval(15)
            while !FileManager.default.fileExists(atPath: rc) && Date() < deadline { usleep(50_000) }
            #expect((try? String(contentsOfFile: rc, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
            let typescript = try Data(contentsOf: URL(fileURLWithPath: log))
            guard let start = typescript.range(of: Data("--- snapshot chooser".utf8))?.lowerBound else {
                Issue.record("no snapshot printed: \(String(decoding: typescript, as: UTF8.self).suffix(400))")
                return
            }
            // After the restore only our printing follows; the terminal turns each \n into \r\n.
            let printed = Data(typescript[start...].filter { $0 != 0x0D })
            let text = String(decoding: printed, as: UTF8.self)
            #expect(text.contains("Pwn<U+001B>]0;pwned<U+0007>X"), "the refusal, its controls named: \(text)")
            #expect(Self.unsafeBytes(in: printed).isEmpty, "after exit: \(Self.unsafeBytes(in: printed))")
        }
    }
}
