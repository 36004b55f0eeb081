import Foundation
import MemorizeTestSupport
import Testing

extension EndToEndTests {
    /// The release number is written once (`Release.version`); the binary prints it, the package
    /// and tarball are named from what the binary prints, and CHANGELOG.md's newest release
    /// section must name the same number, so a release cannot ship with a changelog that
    /// describes another.
    @Suite("Release version")
    struct ReleaseVersion {
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()

        /// The number of CHANGELOG.md's first `## X.Y.Z` heading (the one above is "Unreleased").
        static func newestChangelogRelease() throws -> String {
            let text = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
            for line in text.split(separator: "\n") {
                if let match = line.wholeMatch(of: /## (\d+\.\d+\.\d+) \(\d{4}-\d{2}-\d{2}\)/) {
                    return String(match.1)
                }
            }
            throw ScriptFailure("CHANGELOG.md has no release heading like \"## 0.2.0 (2026-11-25)\"")
        }

        struct ScriptFailure: Error, CustomStringConvertible {
            var description: String
            init(_ description: String) { self.description = description }
        }

        @Test("--version prints CHANGELOG.md's newest release, and the commit of a build from git")
        func versionMatchesChangelog() throws {
            let release = try Self.newestChangelogRelease()
            let output = try ProcessRunner.run(try BinaryUnderTest.path(), ["--version"], environment: ProcessRunner.utf8Environment)
            #expect(output.status == 0, "\(output.stderrText)")
            let line = output.stdoutText.trimmingCharacters(in: .newlines)
            let match = try #require(line.wholeMatch(of: /(\d+\.\d+\.\d+)( \([0-9a-f]{4,40}\))?/), "--version said \(line)")
            #expect(String(match.1) == release, "--version says \(match.1), CHANGELOG.md's newest release is \(release)")
        }

        @Test("CHANGELOG.md keeps an Unreleased section above the newest release")
        func unreleasedOnTop() throws {
            let text = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
            let headings = text.split(separator: "\n").filter { $0.hasPrefix("## ") }
            #expect(headings.first == "## Unreleased", "the first section is \(headings.first ?? "none")")
            #expect(headings.dropFirst().first?.hasPrefix("## \(try Self.newestChangelogRelease()) ") == true)
        }
    }
}
