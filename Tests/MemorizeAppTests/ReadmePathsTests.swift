import Foundation
import Testing

/// Every source path the README names (the learners' table, the architecture map) exists, so a
/// file moved in a refactor cannot leave a learner at a dead end.
@Suite struct ReadmePathsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyNamedSourcePathExists() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "`((?:Sources|Tests|Benchmarks|scripts|assets)/[^`\\s]+)`")
        let range = NSRange(readme.startIndex..., in: readme)
        let paths = pattern.matches(in: readme, range: range).compactMap { Range($0.range(at: 1), in: readme).map { String(readme[$0]) } }
        #expect(paths.count > 10)
        for path in paths where !path.contains("*") && !path.contains("<") {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), "README names \(path)")
        }
    }
}
