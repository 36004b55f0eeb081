import Foundation
import Testing

/// Every source path and local link the README and the pages under docs/ name exists, so a file
/// moved in a refactor cannot leave a player or a learner at a dead end; the README stays a page a
/// player reads (at most 250 lines) and the learners' guide keeps a heading per lecture.
@Suite struct ReadmePathsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// README.md, Tests/README.md, Benchmarks/README.md and docs/*.md, by path from the root.
    static func pages() throws -> [(path: String, text: String)] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        let paths = ["README.md", "Tests/README.md", "Benchmarks/README.md"]
            + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return try paths.map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
    }

    static func matches(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text))
            .compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } }
    }

    @Test func everyNamedSourcePathExists() throws {
        var named = 0
        for (page, text) in try Self.pages() {
            let paths = try Self.matches("`((?:Sources|Tests|Benchmarks|scripts|assets|docs)/[^`\\s]+)`", in: text)
            named += paths.count
            for path in paths where !path.contains("*") && !path.contains("<") {
                #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), "\(page) names \(path)")
            }
        }
        #expect(named > 40)
    }

    @Test func everyLocalLinkResolves() throws {
        for (page, text) in try Self.pages() {
            let folder = Self.root.appendingPathComponent(page).deletingLastPathComponent()
            for link in try Self.matches("\\]\\(([^)#\\s]+)(?:#[^)]*)?\\)", in: text) where !link.contains("://") {
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(link).path), "\(page) links to \(link)")
            }
        }
    }

    @Test func readmeIsAPlayersPage() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 250, "README.md has \(lines) lines; move detail to docs/")
        // The first screenful: the picture, then the play command, before anything else.
        let head = readme.split(separator: "\n", omittingEmptySubsequences: false).prefix(24).joined(separator: "\n")
        #expect(head.contains("![") && head.contains(".build/release/memorize-tui"))
    }

    @Test func learnersGuideFollowsTheLectures() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/learners-guide.md"), encoding: .utf8)
        let lectures = try Self.matches("(?m)^## Lecture ([0-9]+)", in: guide).compactMap(Int.init)
        #expect(lectures == Array(3...8))
    }
}
