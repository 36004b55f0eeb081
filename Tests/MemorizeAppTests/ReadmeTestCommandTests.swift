import Foundation
import Testing

/// The README's test command is the one CI runs: scripts/test.sh, which installs what the tests
/// need and then builds and tests, leaving out XCTest (no test uses it), whose "Executed 0 tests"
/// otherwise hid the real count: the last line is Swift Testing's.
@Suite struct ReadmeTestCommandTests {
    static let command = "bash scripts/test.sh"
    static let swiftCommand = "swift build && swift test --disable-xctest"

    @Test func readmeAndCIRunTheSameSuite() throws {
        let root = ReadmePathsTests.root
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let ci = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let script = try String(contentsOf: root.appendingPathComponent("scripts/test.sh"), encoding: .utf8)
        #expect(readme.contains("```sh\n\(Self.command)\n```"), "README's test command is not \(Self.command)")
        // CI may keep the command's output (piped to tee, to search it for compiler warnings).
        let runsIt = ci.split(separator: "\n").contains { $0 == Self.command || $0.hasPrefix(Self.command + " 2>&1 | tee ") }
        #expect(runsIt, ".ci/run does not run \(Self.command)")
        #expect(script.contains("\n\(Self.swiftCommand) \"$@\"\n"), "scripts/test.sh does not end with \(Self.swiftCommand)")
        // The README's two commands come first: the play command, then the test command.
        let play = readme.range(of: "```sh\nswift build -c release && .build/release/memorize-tui\n```")
        let test = readme.range(of: "```sh\n\(Self.command)\n```")
        #expect(play != nil && test != nil && play!.lowerBound < test!.lowerBound)
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
