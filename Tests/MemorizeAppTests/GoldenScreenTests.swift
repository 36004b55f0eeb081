import Foundation
import Testing
import TerminalUI
@testable import MemorizeApp

/// Golden-screen tests: every `Golden/*.keys` script runs headless (exactly what
/// `memorize-tui --headless --script` prints) and must match its `.golden` file, which is plain
/// text a reviewer can read. Run with `UPDATE_GOLDEN=1` to rewrite the files after a deliberate change.
@Suite struct GoldenScreenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var scripts: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".keys") }.sorted()
    }

    @Test func goldenScriptsExist() {
        #expect(Self.scripts.contains("game-80x24.keys"))
        #expect(Self.scripts.contains("game-160x48.keys"))
    }

    @Test(arguments: GoldenScreenTests.scripts)
    func matchesGolden(script name: String) throws {
        let scriptURL = Self.directory.appendingPathComponent(name)
        let goldenURL = scriptURL.deletingPathExtension().appendingPathExtension("golden")
        let script = try KeyScript.loadGame(path: scriptURL.path)
        let actual = try HeadlessSession.output(of: script)

        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
            try actual.write(to: goldenURL, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: goldenURL, encoding: .utf8)
        if actual != expected {
            Issue.record(Comment(rawValue: "\(name) differs from \(goldenURL.lastPathComponent) (UPDATE_GOLDEN=1 rewrites it):\n" + GoldenDiff.describe(expected: expected, actual: actual)))
        }
    }
}

/// A readable line diff: which snapshot, which line, expected and actual side by side.
enum GoldenDiff {
    static func describe(expected: String, actual: String, limit: Int = 12) -> String {
        let e = expected.components(separatedBy: "\n"), a = actual.components(separatedBy: "\n")
        var report: [String] = []
        var snapshot = "?"
        for i in 0..<max(e.count, a.count) {
            let el = i < e.count ? e[i] : "<missing>", al = i < a.count ? a[i] : "<missing>"
            if el.hasPrefix("--- snapshot ") { snapshot = el }
            guard el != al else { continue }
            report.append("line \(i + 1) in \(snapshot)\n  expected: |\(el)|\n  actual:   |\(al)|")
            if report.count == limit { report.append("… more differences"); break }
        }
        return report.joined(separator: "\n")
    }
}
