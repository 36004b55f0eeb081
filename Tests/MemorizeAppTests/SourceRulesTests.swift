import Foundation
import Testing

/// Rules of the source tree that the compiler does not enforce: each file imports what it uses
/// (no module re-exports another, so a layer's imports say what it really depends on), only the
/// ncurses backend touches ncurses, and a plain `swift build` of the game builds no benchmark.
@Suite struct SourceRulesTests {
    static let root = ReadmePathsTests.root

    /// Every Swift file under Sources/, by path relative to the root, with its text.
    static func sources() throws -> [(path: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return try files.sorted().map { ("Sources/" + $0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) }
    }

    static func importLines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("import ") || $0.hasPrefix("@_exported ") || $0.hasPrefix("@testable ") }
    }

    @Test func noModuleReExportsAnother() throws {
        let files = try Self.sources()
        #expect(files.count > 100)
        for (path, text) in files {
            #expect(!Self.importLines(text).contains { $0.hasPrefix("@_exported") }, "\(path) re-exports a module: import it where it is used")
        }
    }

    @Test func onlyTheNcursesBackendImportsNcurses() throws {
        for (path, text) in try Self.sources() where Self.importLines(text).contains("import CNcurses") {
            #expect(path.hasPrefix("Sources/TerminalUI/NcursesBackend/"), "\(path) imports CNcurses outside the ncurses backend")
        }
    }

    @Test func theBenchmarksAreTheirOwnPackage() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for benchmark in ["memorize-bench", "leaderboard-bench"] {
            #expect(!manifest.contains("name: \"\(benchmark)\""), "Package.swift builds \(benchmark) with every swift build")
            let bench = try String(contentsOf: Self.root.appendingPathComponent("Benchmarks/Package.swift"), encoding: .utf8)
            #expect(bench.contains("name: \"\(benchmark)\"") && bench.contains("path: \"..\""))
        }
    }
}
