import Foundation
import TerminalUI
import Testing
import MemorizeTestSupport

extension EndToEndTests {
    @Suite("Headless")
    struct Headless {
        static let script = """
            # deal, look, then expect something that is not there
            seed 42
            theme Halloween
            key d
            wait 3s
            snapshot dealt
            expect "Score: 0"
            expect "Score: 99"
            key q
            """
        static let failingLine = 8

        func write(_ text: String) throws -> URL {
            let url = FileManager.default.temporaryDirectory
                .appendingPathComponent("memorize-e2e-\(getpid())-\(UUID().uuidString).keys")
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url
        }

        @Test("--headless: a failing expect exits 1 and names file:line")
        func failingExpect() throws {
            let file = try write(Self.script)
            defer { try? FileManager.default.removeItem(at: file) }
            let result = try ProcessRunner.run(try BinaryUnderTest.path(),
                                               ["--headless", "--size", "80x24", "--script", file.path])
            #expect(result.status == 1, "stderr: \(result.stderrText)")
            #expect(result.stderrLines.first?.hasPrefix("\(file.path):\(Self.failingLine):") == true,
                    "the message should start with file:line, got: \(result.stderrText)")
            #expect(result.stderrText.contains("Score: 99"), "the message should quote the expectation: \(result.stderrText)")
            // The snapshot before the failure was printed, as plain text.
            #expect(result.stdoutText.contains("--- snapshot dealt 80x24 ---"), "stdout: \(result.stdoutText)")
            #expect(result.stdoutText.contains("Score: 0"))
            #expect(!result.stdout.contains(0x1B), "headless output is plain text")
        }

        @Test("--headless: a script's unknown theme exits 2 and names file:line, as --theme's does")
        func unknownTheme() throws {
            let file = try write(Self.script.replacingOccurrences(of: "theme Halloween", with: "theme Nope"))
            defer { try? FileManager.default.removeItem(at: file) }
            let result = try ProcessRunner.run(try BinaryUnderTest.path(),
                                               ["--headless", "--size", "80x24", "--script", file.path])
            #expect(result.status == 2, "stderr: \(result.stderrText)")
            #expect(result.stderrLines.first?.hasPrefix("\(file.path):3: unknown theme \"Nope\" (themes: ") == true,
                    "got: \(result.stderrText)")
            #expect(result.stdout.isEmpty, "nothing played: \(result.stdoutText.prefix(200))")
            let flag = try ProcessRunner.run(try BinaryUnderTest.path(),
                                             ["--headless", "--size", "80x24", "--script", file.path, "--theme", "Nope"])
            #expect(flag.status == 2)
            #expect(flag.stderrLines.first?.hasPrefix("memorize-tui: unknown theme \"Nope\"") == true, "got: \(flag.stderrText)")
        }

        @Test("--headless: the same script without the bad expect exits 0")
        func passingScript() throws {
            let file = try write(Self.script.replacingOccurrences(of: "expect \"Score: 99\"\n", with: ""))
            defer { try? FileManager.default.removeItem(at: file) }
            let result = try ProcessRunner.run(try BinaryUnderTest.path(),
                                               ["--headless", "--size", "80x24", "--script", file.path])
            #expect(result.status == 0, "stderr: \(result.stderrText)")
            #expect(result.stderr.isEmpty, "stderr: \(result.stderrText)")
            #expect(result.stdoutText.contains("--- snapshot dealt 80x24 ---"))
        }
    }
}
