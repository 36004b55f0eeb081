import Foundation
import MemorizeTestSupport
import TerminalUI
import Testing

extension EndToEndTests {
    /// scripts/install.sh and scripts/uninstall.sh as a player uses them: install into a prefix,
    /// run the installed program from `/` with no checkout around, read its man page, complete
    /// with bash, uninstall.
    ///
    /// The suite installs the binary under test with `--binary` rather than letting install.sh
    /// build: `swift test` holds SwiftPM's lock on `.build` while tests run, so a `swift build`
    /// started from a test waits for ever. The build step itself runs in .ci/run's release phase,
    /// which installs with scripts/install.sh and then runs this suite (and the others) against
    /// the installed binary; the debug `swift test` runs it against the debug build (≈3 s).
    @Suite("Install")
    struct Install {
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        static var installScript: String { root.appendingPathComponent("scripts/install.sh").path }
        static var uninstallScript: String { root.appendingPathComponent("scripts/uninstall.sh").path }

        /// What an install puts under PREFIX (scripts/install-layout.sh).
        static let installedFiles = [
            "bin/memorize-tui",
            "share/man/man6/memorize-tui.6",
            "share/bash-completion/completions/memorize-tui",
            "share/zsh/site-functions/_memorize-tui",
            "share/fish/vendor_completions.d/memorize-tui.fish",
        ]

        /// A fresh directory for one test, removed by the caller.
        static func scratchDirectory() throws -> URL {
            let url = FileManager.default.temporaryDirectory
                .appendingPathComponent("memorize-e2e-install-\(getpid())-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }

        /// Every regular file and symlink under `directory`, relative to it, sorted.
        static func files(under directory: URL) -> [String] {
            guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
            var found: [String] = []
            while let path = walker.nextObject() as? String {
                let attributes = try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(path).path)
                if attributes?[.type] as? FileAttributeType != .typeDirectory { found.append(path) }
            }
            return found.sorted()
        }

        static func executable(named name: String) -> String? {
            for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
                let candidate = "\(dir)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
            return nil
        }

        /// Runs `program arguments` from `/`, as a player anywhere would.
        static func runFromRoot(_ program: String, _ arguments: [String], environment: [String: String]) throws -> ProcessOutput {
            try ProcessRunner.run("/bin/sh", ["-c", "cd / && exec \"$0\" \"$@\"", program] + arguments, environment: environment)
        }

        @Test("install into a prefix, run from /, man page, bash completion, uninstall")
        func installRunUninstall() throws {
            let binary = try BinaryUnderTest.path()
            let scratch = try Self.scratchDirectory()
            defer { try? FileManager.default.removeItem(at: scratch) }
            let prefix = scratch.appendingPathComponent("prefix")
            let installed = prefix.appendingPathComponent("bin/memorize-tui").path
            // The player's own files, which uninstall must never touch.
            var environment = ProcessRunner.utf8Environment
            environment["HOME"] = scratch.appendingPathComponent("home").path
            environment["XDG_CONFIG_HOME"] = scratch.appendingPathComponent("config").path
            environment["XDG_STATE_HOME"] = scratch.appendingPathComponent("state").path
            environment["PREFIX"] = nil
            let scores = scratch.appendingPathComponent("state/memorize-tui/scores.json")
            try FileManager.default.createDirectory(at: scores.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "{}".write(to: scores, atomically: true, encoding: .utf8)

            let started = Date()
            let install = try ProcessRunner.run("/bin/bash", [Self.installScript, "--binary", binary, "--prefix", prefix.path],
                                                environment: environment, timeout: 60)
            #expect(install.status == 0, "install.sh: \(install.stderrText)")
            print("Install: installed \(binary) in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
            for file in Self.installedFiles {
                #expect(install.stdoutText.contains(prefix.appendingPathComponent(file).path),
                        "install.sh should say where \(file) went:\n\(install.stdoutText)")
            }
            #expect(install.stdoutText.contains("\(prefix.path)/bin is not on your PATH"), "\(install.stdoutText)")
            #expect(Self.files(under: prefix) == Self.installedFiles.sorted(), "exactly our files under the prefix")
            #expect(FileManager.default.isExecutableFile(atPath: installed))

            // --version: the version, and the commit when built from a git checkout.
            let version = try Self.runFromRoot(installed, ["--version"], environment: environment)
            #expect(version.status == 0, "\(version.stderrText)")
            let versionLine = version.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(versionLine.wholeMatch(of: /\d+\.\d+\.\d+( \([0-9a-f]{4,40}\))?/) != nil, "--version said \(versionLine)")
            if FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(".git").path), Self.executable(named: "git") != nil {
                #expect(versionLine.contains("("), "a build from a git checkout names its commit: \(versionLine)")
            }

            let list = try Self.runFromRoot(installed, ["--list-themes"], environment: environment)
            #expect(list.status == 0 && list.stdoutText.contains("Halloween"), "\(list.stdoutText)\(list.stderrText)")

            let script = scratch.appendingPathComponent("deal.keys")
            try "seed 42\ntheme Halloween\nkey d\nwait 3s\nsnapshot dealt\nexpect \"Score: 0\"\n"
                .write(to: script, atomically: true, encoding: .utf8)
            let headless = try Self.runFromRoot(installed, ["--headless", "--size", "80x24", "--script", script.path],
                                                environment: environment)
            #expect(headless.status == 0, "\(headless.stderrText)")
            #expect(headless.stdoutText.contains("--- snapshot dealt 80x24 ---"), "\(headless.stdoutText)")

            // A live game in a terminal, started from / and quit with q.
            let session = try TmuxSession(size: Check.size80x24, arguments: ReferenceGame.arguments,
                                          binary: installed, workingDirectory: "/")
            defer { session.close() }
            try session.waitForGame()
            try session.sendKeys("q")
            try session.expectTerminalRestored(exitCode: [0])

            try checkManualPage(prefix.appendingPathComponent("share/man/man6/memorize-tui.6").path, environment: environment)

            // bash: the completion script registers a function that completes --the to --theme.
            let completion = prefix.appendingPathComponent("share/bash-completion/completions/memorize-tui").path
            let bash = try ProcessRunner.run("/bin/bash", ["--norc", "--noprofile", "-c", """
                source "$1" || exit 3
                spec=$(complete -p memorize-tui) || exit 4
                function=${spec##*-F }; function=${function%% *}
                COMP_WORDS=(memorize-tui --the); COMP_CWORD=1; COMP_LINE="memorize-tui --the"; COMP_POINT=${#COMP_LINE}
                "$function" memorize-tui --the memorize-tui
                printf '%s\\n' "${COMPREPLY[@]}"
                """, "bash", completion], environment: environment)
            #expect(bash.status == 0, "\(bash.stderrText)")
            #expect(bash.stdoutText.split(separator: "\n").map(String.init) == ["--theme"],
                    "bash completes --the to: \(bash.stdoutText) \(bash.stderrText)")

            // Uninstall: our files go, a file of someone else's in the same directories stays.
            let neighbour = prefix.appendingPathComponent("share/man/man6/other.6")
            try "other".write(to: neighbour, atomically: true, encoding: .utf8)
            let uninstall = try ProcessRunner.run("/bin/bash", [Self.uninstallScript, "--prefix", prefix.path],
                                                  environment: environment)
            #expect(uninstall.status == 0, "uninstall.sh: \(uninstall.stderrText)")
            #expect(Self.files(under: prefix) == ["share/man/man6/other.6"], "left under the prefix: \(Self.files(under: prefix))")
            try FileManager.default.removeItem(at: neighbour)
            let again = try ProcessRunner.run("/bin/bash", [Self.uninstallScript, "--prefix", prefix.path],
                                              environment: environment)
            #expect(again.status == 0)
            // The directories left empty go on the next uninstall, but for those every prefix has.
            let left = (try? FileManager.default.subpathsOfDirectory(atPath: prefix.path)) ?? []
            #expect(left.sorted() == ["bin", "share", "share/man"], "left after the second uninstall: \(left)")
            #expect(FileManager.default.fileExists(atPath: scores.path), "the player's scores must survive uninstall")
        }

        /// The page renders without warnings and has the sections a reader expects.
        func checkManualPage(_ page: String, environment: [String: String]) throws {
            var environment = environment
            environment["MANWIDTH"] = "100"
            environment["MANPAGER"] = "cat"
            environment["PAGER"] = "cat"
            if let man = Self.executable(named: "man") {
                let rendered = try ProcessRunner.run(man, ["-l", page], environment: environment)
                #expect(rendered.status == 0, "man -l: \(rendered.stderrText)")
                for expected in ["SYNOPSIS", "OPTIONS", "--theme", "--list-themes", "KEYS", "MOUSE", "FILES", "ENVIRONMENT",
                                 "EXIT STATUS", "EXAMPLES", "$XDG_CONFIG_HOME/memorize-tui/themes.json",
                                 "$XDG_STATE_HOME/memorize-tui/scores.json", "MEMORIZE_CHECK_INVARIANTS", "NO_COLOR",
                                 "ctrl-z", "Inspector (the game and its win screen)"] {
                    #expect(rendered.stdoutText.contains(expected), "the man page lacks \(expected):\n\(rendered.stdoutText)")
                }
            }
            if let groff = Self.executable(named: "groff") {
                let lint = try ProcessRunner.run(groff, ["-mandoc", "-Tutf8", "-ww", "-z", page], environment: environment)
                #expect(lint.status == 0 && lint.stderr.isEmpty, "groff warns about the man page: \(lint.stderrText)")
            } else if let mandoc = Self.executable(named: "mandoc") {
                let lint = try ProcessRunner.run(mandoc, ["-Tlint", "-Wwarning", page], environment: environment)
                #expect(lint.status == 0, "mandoc -Tlint: \(lint.stdoutText)\(lint.stderrText)")
            }
            if Self.executable(named: "man") == nil && Self.executable(named: "groff") == nil && Self.executable(named: "mandoc") == nil {
                print("Install: no man, groff or mandoc on PATH: the man page was installed but not rendered")
            }
        }

        @Test("a missing prerequisite: one line each naming the package, exit 2, nothing installed", arguments: [
            ["swift"],      // swift there, pkg-config not
            [],             // neither
        ])
        func missingPrerequisite(present tools: [String]) throws {
            let scratch = try Self.scratchDirectory()
            defer { try? FileManager.default.removeItem(at: scratch) }
            let bin = scratch.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            for tool in tools {
                let real = try #require(Self.executable(named: tool), "\(tool) is not on PATH")
                try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent(tool).path, withDestinationPath: real)
            }
            let prefix = scratch.appendingPathComponent("prefix")
            var environment = ProcessRunner.utf8Environment
            environment["PATH"] = bin.path
            let result = try ProcessRunner.run("/bin/bash", [Self.installScript, "--prefix", prefix.path], environment: environment)
            #expect(result.status == 2, "\(result.stderrText)")
            #expect(result.stdout.isEmpty, "\(result.stdoutText)")
            var expected = ["install.sh: pkg-config not found: install the pkg-config package (apt-get install pkg-config)",
                            "install.sh: strip not found: install binutils (apt-get install binutils)"]
            if !tools.contains("swift") {
                expected.insert("install.sh: swift not found: install the Swift 6 toolchain (https://www.swift.org/install/linux/) and put it on PATH", at: 0)
            }
            #expect(result.stderrLines == expected)
            #expect(!FileManager.default.fileExists(atPath: prefix.path), "nothing may be installed, not even the prefix")
        }

        @Test("a copy that fails half-way removes what was copied and the directories it made")
        func failedCopyRollsBack() throws {
            let scratch = try Self.scratchDirectory()
            defer { try? FileManager.default.removeItem(at: scratch) }
            let prefix = scratch.appendingPathComponent("prefix")
            // share/zsh is a file, so share/zsh/site-functions cannot be made: the fourth file fails.
            try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share"), withIntermediateDirectories: true)
            try "not a directory".write(to: prefix.appendingPathComponent("share/zsh"), atomically: true, encoding: .utf8)
            let result = try ProcessRunner.run("/bin/bash", [Self.installScript, "--binary", try BinaryUnderTest.path(), "--prefix", prefix.path],
                                               environment: ProcessRunner.utf8Environment, timeout: 60)
            #expect(result.status == 1, "\(result.stderrText)")
            #expect(result.stderrLines == ["install.sh: cannot create the directory \(prefix.path)/share/zsh/site-functions; nothing was installed"])
            #expect(Self.files(under: prefix) == ["share/zsh"], "left: \(Self.files(under: prefix))")
            let share = (try? FileManager.default.contentsOfDirectory(atPath: prefix.appendingPathComponent("share").path)) ?? []
            #expect(share == ["zsh"], "directories made for the install must go too: \(share)")
        }

        @Test("paths with control characters are refused, and what is printed never carries them")
        func hostilePrefix() throws {
            let hostile = NSTemporaryDirectory() + "memorize-e2e-\(getpid())-\u{1B}]0;pwned\u{07}\u{1B}[2J"
            let result = try ProcessRunner.run("/bin/bash", [Self.installScript, "--binary", try BinaryUnderTest.path(), "--prefix", hostile],
                                               environment: ProcessRunner.utf8Environment)
            #expect(result.status == 2)
            #expect(result.stderrLines.count == 1, "\(result.stderrText)")
            #expect(!result.stderr.contains(0x1B) && !result.stderr.contains(0x07), "raw control bytes reached stderr: \(Array(result.stderr))")
            #expect(!FileManager.default.fileExists(atPath: hostile))
            let unknown = try ProcessRunner.run("/bin/bash", [Self.uninstallScript, "--bogus\u{1B}[31m"], environment: ProcessRunner.utf8Environment)
            #expect(unknown.status == 2 && !unknown.stderr.contains(0x1B), "\(unknown.stderrText)")
        }
    }
}
