// Build tool: writes `let buildCommit: String? = "<short hash>"` (or nil) for `--version`.
// Run by the StampCommit plugin with the package directory and the output file.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: CommitStamp PACKAGE_DIRECTORY OUTPUT\n".utf8))
    exit(2)
}
let (package, output) = (arguments[1], arguments[2])

/// `git rev-parse --short HEAD` in the package, or nil: no `.git` (a tarball), no git, not a
/// repository git trusts. Only a plain hex hash is accepted, so nothing odd reaches the source.
func shortHead() -> String? {
    guard FileManager.default.fileExists(atPath: package + "/.git") else { return nil }
    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    git.arguments = ["git", "-C", package, "rev-parse", "--short", "HEAD"]
    let pipe = Pipe()
    git.standardOutput = pipe
    git.standardError = FileHandle.nullDevice
    do { try git.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    git.waitUntilExit()
    guard git.terminationStatus == 0 else { return nil }
    let hash = String(decoding: data.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    let hex = hash.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    return (4...40).contains(hash.count) && hex ? hash : nil
}

let value = shortHead().map { "\"\($0)\"" } ?? "nil"
let source = """
// Generated at build time by the StampCommit plugin. Do not edit.
/// The short hash of the commit this binary was built from; nil for a build without git.
let buildCommit: String? = \(value)

"""
// Unchanged content is left alone, so nothing downstream recompiles.
if (try? String(contentsOfFile: output, encoding: .utf8)) == source { exit(0) }
do {
    try source.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("CommitStamp: cannot write \(output): \(error)\n".utf8))
    exit(1)
}
