import Foundation

/// Where the `memorize-tui` executable under test lives.
///
/// `swift test` runs the test bundle from the build directory that also holds the executable
/// (`<scratch>/debug/`), so the first place to look is next to `CommandLine.arguments[0]` (or any of
/// its ancestors, for bundle layouts such as `X.xctest/Contents/MacOS/X`) and next to `Bundle.main`.
/// The fallback is `<package root>/.build/debug/memorize-tui`, found from this file's path.
///
/// `MEMORIZE_TUI_BINARY=/abs/path` overrides all of that: CI runs the exit-path, signal and fuzz
/// suites a second time against the release build players install (`.ci/run`).
enum BinaryUnderTest {
    struct Missing: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "memorize-tui executable not found; run `swift build` (or `swift build --scratch-path .build-e2e`) "
                + "before `swift test`. Looked in:\n  " + searched.joined(separator: "\n  ")
        }
    }

    static let name = "memorize-tui"

    /// Resolved once; a missing binary fails every test with the same clear message.
    static let resolved: Result<String, Missing> = locate()

    static func path() throws -> String { try resolved.get() }

    private static func locate() -> Result<String, Missing> {
        let fm = FileManager.default
        if let chosen = ProcessInfo.processInfo.environment["MEMORIZE_TUI_BINARY"], !chosen.isEmpty {
            return fm.isExecutableFile(atPath: chosen) ? .success(chosen)
                : .failure(Missing(searched: [chosen + " (MEMORIZE_TUI_BINARY)"]))
        }
        var directories: [URL] = []
        func addAncestors(of url: URL, levels: Int) {
            var dir = url.deletingLastPathComponent()
            for _ in 0..<levels {
                directories.append(dir)
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        if let first = CommandLine.arguments.first, !first.isEmpty {
            let url = URL(fileURLWithPath: first, relativeTo: URL(fileURLWithPath: fm.currentDirectoryPath))
                .standardizedFileURL
            addAncestors(of: url, levels: 4)
        }
        if let executable = Bundle.main.executableURL { addAncestors(of: executable, levels: 4) }
        addAncestors(of: Bundle.main.bundleURL.appendingPathComponent("x"), levels: 2)

        // #filePath: <root>/Tests/EndToEndTests/BinaryUnderTest.swift
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        directories.append(root.appendingPathComponent(".build/debug"))

        var searched: [String] = []
        for dir in directories {
            let candidate = dir.appendingPathComponent(name).path
            if searched.contains(candidate) { continue }
            searched.append(candidate)
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
               fm.isExecutableFile(atPath: candidate) {
                return .success(candidate)
            }
        }
        return .failure(Missing(searched: searched))
    }
}
