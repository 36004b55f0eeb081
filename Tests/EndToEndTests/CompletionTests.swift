import Foundation
import MemorizeTestSupport
import Testing

extension EndToEndTests {
    /// The shell completions complete option values, not only option names: theme names (the
    /// built-ins and the player's own, asked of the binary at TAB), --opponent levels, --players
    /// counts, and files for --script (key scripts) and --record. The bash one is sourced and run.
    @Suite("Completions")
    struct Completions {
        /// A scratch directory with a user theme and some files, removed by the caller.
        static func scratch() throws -> URL {
            let url = FileManager.default.temporaryDirectory
                .appendingPathComponent("memorize-e2e-completion-\(getpid())-\(UUID().uuidString)")
            let config = url.appendingPathComponent("config/memorize-tui")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            try """
            {"themes": [{"name": "Spooky Night", "emoji": ["👻", "🎃", "🦇"], "pairs": 3, "color": "#ff8c00"}]}
            """.write(to: config.appendingPathComponent("themes.json"), atomically: true, encoding: .utf8)
            let files = url.appendingPathComponent("files")
            try FileManager.default.createDirectory(at: files.appendingPathComponent("more"), withIntermediateDirectories: true)
            for name in ["deal.keys", "demo.keys", "notes.txt"] {
                try "".write(to: files.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            return url
        }

        /// What bash offers after `memorize-tui WORDS…` (the last word being completed), with the
        /// completion script the binary generates sourced as a player's shell would.
        static func bashCompletes(_ words: [String], in scratch: URL) throws -> [String] {
            let binary = try BinaryUnderTest.path()
            let script = scratch.appendingPathComponent("memorize-tui.bash")
            let generated = try ProcessRunner.run(binary, ["--generate-completion-script", "bash"])
            #expect(generated.status == 0)
            try generated.stdout.write(to: script)
            var environment = ProcessRunner.utf8Environment
            environment["XDG_CONFIG_HOME"] = scratch.appendingPathComponent("config").path
            let bash = try ProcessRunner.run("/bin/bash", ["--norc", "--noprofile", "-c", """
                cd "$2" || exit 5
                source "$1" || exit 3
                spec=$(complete -p memorize-tui) || exit 4
                function=${spec##*-F }; function=${function%% *}
                shift 2
                COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 ))
                COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
                "$function" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """, "bash", script.path, scratch.appendingPathComponent("files").path, binary] + words, environment: environment)
            #expect(bash.status == 0, "\(bash.stderrText)")
            return bash.stdoutText.split(separator: "\n").map(String.init)
        }

        @Test("bash completes theme names, built-in and the player's own")
        func themeNames() throws {
            let scratch = try Self.scratch()
            defer { try? FileManager.default.removeItem(at: scratch) }
            #expect(try Self.bashCompletes(["--theme", "Hal"], in: scratch) == ["Halloween"])
            #expect(try Self.bashCompletes(["--theme", "Spo"], in: scratch) == ["Sports", "Spooky Night"])
            let all = try Self.bashCompletes(["--theme", ""], in: scratch)
            #expect(all.contains("Vehicles") && all.contains("Spooky Night") && all.count >= 12, "\(all)")
        }

        @Test("bash completes --opponent levels and --players counts")
        func fixedLists() throws {
            let scratch = try Self.scratch()
            defer { try? FileManager.default.removeItem(at: scratch) }
            #expect(try Self.bashCompletes(["--opponent", ""], in: scratch) == ["easy", "medium", "hard"])
            #expect(try Self.bashCompletes(["--opponent", "m"], in: scratch) == ["medium"])
            #expect(try Self.bashCompletes(["--players", ""], in: scratch) == ["1", "2"])
        }

        @Test("bash completes key scripts for --script and any file for --record")
        func files() throws {
            let scratch = try Self.scratch()
            defer { try? FileManager.default.removeItem(at: scratch) }
            #expect(Set(try Self.bashCompletes(["--script", ""], in: scratch)) == ["deal.keys", "demo.keys", "more"])
            #expect(Set(try Self.bashCompletes(["--record", ""], in: scratch)) == ["deal.keys", "demo.keys", "notes.txt", "more"])
        }

        @Test("zsh and fish completions complete the same values")
        func zshAndFish() throws {
            let binary = try BinaryUnderTest.path()
            let zsh = try ProcessRunner.run(binary, ["--generate-completion-script", "zsh"]).stdoutText
            #expect(zsh.contains("---completion -- --theme"))
            #expect(zsh.contains("('easy' 'medium' 'hard')") && zsh.contains("('1' '2')"))
            #expect(zsh.contains("--script[") && zsh.contains("_files -g '\\''*.keys'\\''"))
            #expect(zsh.contains(":file:_files'"))
            let fish = try ProcessRunner.run(binary, ["--generate-completion-script", "fish"]).stdoutText
            #expect(fish.contains("---completion -- --theme"))
            #expect(fish.contains("-rfka 'easy medium hard'") && fish.contains("-rfka '1 2'"))
            #expect(fish.contains("-l 'record'") && fish.contains("keys"))
        }
    }
}
