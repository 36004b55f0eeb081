import Foundation
import Testing

/// The README's test command is `bash scripts/test.sh` (it installs what the tests need, then runs
/// `swift build && swift test --disable-xctest`), and CI runs the same suite. XCTest stays out (no
/// test uses it): its "Executed 0 tests" otherwise hid the real count.
@Suite struct ReadmeTestCommandTests {
    static let command = "bash scripts/test.sh"
    /// What the script runs once the machine is ready, and what CI ran before it had the script.
    static let suite = "swift build && swift test --disable-xctest"

    @Test func readmeAndCIRunTheSameSuite() throws {
        let root = ReadmePathsTests.root
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("```sh\n\(Self.command)\n```"), "README's test command is not \(Self.command)")
        // The README's two commands come first: the play command, then the test command.
        let play = readme.range(of: "```sh\nswift build -c release && .build/release/memorize-tui\n```")
        let test = readme.range(of: "```sh\n\(Self.command)\n```")
        #expect(play != nil && test != nil && play!.lowerBound < test!.lowerBound)
        // .ci/run marks the README's command with "The README's test command (keep the two in
        // step)"; the line after it runs the script, or (until .ci/run calls it) the very command
        // the script ends with, after installing the same packages itself.
        let ci = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let lines = ci.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let marker = try #require(lines.firstIndex { $0.contains("The README's test command (keep the two in step)") },
                                  ".ci/run no longer marks the README's test command")
        let ciCommand = lines.indices.contains(marker + 1) ? lines[marker + 1] : ""
        #expect(ciCommand.hasPrefix(Self.command) || ciCommand == Self.suite,
                ".ci/run runs \(ciCommand), not the README's \(Self.command)")
        let script = root.appendingPathComponent("scripts/test.sh")
        if ciCommand.hasPrefix(Self.command) || FileManager.default.fileExists(atPath: script.path) {
            let text = try String(contentsOf: script, encoding: .utf8)
            #expect(text.contains("\n" + Self.suite), "scripts/test.sh does not run \(Self.suite)")
        }
    }

    @Test func noTestImportsXCTest() throws {
        let tests = ReadmePathsTests.root.appendingPathComponent("Tests")
        let files = FileManager.default.enumerator(atPath: tests.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.count > 20)
        for file in files {
            let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("import " + "XCTest"), "\(file) uses XCTest, which the README's test command leaves out")
        }
    }
}
