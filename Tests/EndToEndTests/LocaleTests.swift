import Foundation
import MemorizeTestSupport
import TerminalUI
import Testing

/// PEP 538's call: a C or POSIX locale (or none) is coerced to C.UTF-8 and the game plays as
/// usual; only a non-UTF-8 locale the user chose plays in ASCII, with a one-line note. Live,
/// key scripts, headless and --list-themes alike.
extension EndToEndTests {
    @Suite("Locales")
    struct Locales {
        /// The environments that mean "nothing better was asked for" (an empty value is unset).
        static let bareLocales: [[String: String]] = [
            ["LANG": "C"], ["LANG": "C.UTF-8", "LC_ALL": "POSIX"], ["LANG": ""], ["LANG": "en_US.UTF-8"],
        ]

        static func environment(_ locale: [String: String]) -> [String: String] {
            var env = ProcessRunner.utf8Environment
            for name in ["LC_ALL", "LC_CTYPE", "LANG", "LANGUAGE", "LOCPATH"] { env[name] = nil }
            for (key, value) in locale where !value.isEmpty { env[key] = value }
            return env
        }

        static func headlessScript() throws -> String {
            let path = NSTemporaryDirectory() + "locale-\(getpid())-\(UUID().uuidString).keys"
            try "size 80x24\nseed 42\ntheme Halloween\nkey d\nwait 3s\nkey space\nwait 1s\nsnapshot faceUp\n"
                .write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        /// An installed ISO-8859-1 locale of our own (localedef into a temporary LOCPATH); nil
        /// where localedef or the locale sources are missing.
        static let latin1Path: String? = {
            let directory = NSTemporaryDirectory() + "memorize-locales-\(getpid())"
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            guard let result = try? ProcessRunner.run("/usr/bin/localedef", ["-i", "en_US", "-f", "ISO-8859-1", directory + "/en_US.ISO-8859-1"]),
                  result.status == 0 else { return nil }
            return directory
        }()

        @Test("headless and --list-themes under C, POSIX or no locale print what C.UTF-8 prints",
              arguments: bareLocales)
        func bareLocaleIsCoerced(_ locale: [String: String]) throws {
            let script = try Self.headlessScript()
            defer { unlink(script) }
            let binary = try BinaryUnderTest.path()
            for arguments in [["--headless", "--script", script], ["--list-themes"]] {
                let reference = try ProcessRunner.run(binary, arguments, environment: Self.environment(["LANG": "C.UTF-8"]))
                let result = try ProcessRunner.run(binary, arguments, environment: Self.environment(locale))
                #expect(result.status == 0, "\(locale) \(arguments): \(result.stderrText)")
                #expect(result.stderrText.isEmpty, "\(locale): \(result.stderrText)")
                #expect(result.stdoutText == reference.stdoutText, "\(locale) \(arguments) differs from C.UTF-8")
                #expect(result.stdoutText.unicodeScalars.contains { $0.value > 0x7F }, "no emoji or box lines under \(locale)")
            }
        }

        @Test("a live game under LC_ALL=POSIX or no locale deals with the usual glyphs", arguments: [
            ["LC_ALL": "POSIX"], ["LANG": ""],
        ])
        func liveBareLocale(_ locale: [String: String]) throws {
            let layout = try ReferenceGame().layout(Check.size80x24)
            let session = try TmuxSession(size: Check.size80x24, term: "xterm-256color", arguments: ReferenceGame.arguments,
                                          environment: locale)
            defer { session.close() }
            try session.waitForGame()
            try session.sendKeys("d")
            try session.waitForDealToSettle(layout)       // ░ backs and ╭ borders: UTF-8 drawing
            try session.sendKeys("q")
            #expect(try session.waitForExit() == 0)
            #expect(session.stderrText().isEmpty, "\(session.stderrText())")
        }

        @Test("a chosen non-UTF-8 locale (installed or not) plays in ASCII with a one-line note")
        func chosenLegacyLocale() throws {
            let script = try Self.headlessScript()
            defer { unlink(script) }
            let binary = try BinaryUnderTest.path()
            var locales: [[String: String]] = [["LANG": "de_DE.ISO-8859-15@euro"]]
            if let path = Self.latin1Path { locales.append(["LANG": "en_US.ISO-8859-1", "LOCPATH": path]) }
            else { Issue.record("localedef could not build en_US.ISO-8859-1 (install the locales package): only the uninstalled case ran") }
            for locale in locales {
                for arguments in [["--headless", "--script", script], ["--list-themes"]] {
                    let result = try ProcessRunner.run(binary, arguments, environment: Self.environment(locale))
                    let ascii = try ProcessRunner.run(binary, arguments + ["--ascii"], environment: Self.environment(["LANG": "C.UTF-8"]))
                    #expect(result.status == 0, "\(locale) \(arguments): \(result.stderrText)")
                    #expect(result.stdoutText == ascii.stdoutText, "\(locale) \(arguments) is not what --ascii prints")
                    #expect(!result.stdoutText.unicodeScalars.contains { $0.value > 0x7F })
                    let lines = result.stderrText.split(separator: "\n")
                    #expect(lines.count == 1 && lines[0].contains("not UTF-8") && lines[0].contains("ASCII"), "\(result.stderrText)")
                }
            }
            guard let path = Self.latin1Path else { return }
            let session = try TmuxSession(size: Check.size80x24, term: "xterm-256color", arguments: ReferenceGame.arguments,
                                          environment: ["LANG": "en_US.ISO-8859-1", "LOCPATH": path])
            defer { session.close() }
            try session.waitForGame()
            try session.sendKeys("q")
            #expect(try session.waitForExit() == 0, "\(session.stderrText())")
            #expect(session.stderrText().contains("not UTF-8"), "\(session.stderrText())")
        }
    }
}
