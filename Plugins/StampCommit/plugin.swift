import PackagePlugin
import Foundation

/// Gives the target `buildCommit: String?`, the short hash of the checkout's HEAD (nil when the
/// package is built from a tarball with no `.git`, or git is missing), so `--version` can say
/// which commit a binary was built from.
///
/// SwiftPM has no build-time define with a value, hence a generated source file. The command
/// reruns only when one of git's files that move with HEAD changes (HEAD itself, HEAD's reflog,
/// the branch's ref, packed-refs): a commit, checkout, reset or pull is picked up by the next
/// build, and a build with nothing new does not run git at all.
@main
struct StampCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        return [
            .buildCommand(
                displayName: "Stamping the git commit into \(target.name)",
                executable: try context.tool(named: "CommitStamp").url,
                arguments: [package.path, output.path],
                inputFiles: GitFiles.movingWithHead(checkout: package),
                outputFiles: [output]
            ),
        ]
    }
}

/// The files git rewrites whenever HEAD points at another commit, found without running git.
enum GitFiles {
    static func movingWithHead(checkout: URL) -> [URL] {
        let fm = FileManager.default
        let dotGit = checkout.appending(path: ".git")
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: dotGit.path, isDirectory: &isDirectory) else { return [] }
        // A linked worktree or submodule has a `.git` file: "gitdir: <path>".
        var gitDir = dotGit
        if !isDirectory.boolValue {
            guard let text = try? String(contentsOf: dotGit, encoding: .utf8),
                  let line = text.split(separator: "\n").first, line.hasPrefix("gitdir: ") else { return [] }
            let path = String(line.dropFirst("gitdir: ".count))
            gitDir = path.hasPrefix("/") ? URL(fileURLWithPath: path) : checkout.appending(path: path)
        }
        // Refs live in the common directory, which a worktree names in `commondir`.
        var commonDir = gitDir
        if let text = try? String(contentsOf: gitDir.appending(path: "commondir"), encoding: .utf8) {
            let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
            commonDir = path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitDir.appending(path: path)
        }
        var files = [gitDir.appending(path: "HEAD"), gitDir.appending(path: "logs/HEAD"),
                     commonDir.appending(path: "packed-refs")]
        if let head = try? String(contentsOf: gitDir.appending(path: "HEAD"), encoding: .utf8),
           head.hasPrefix("ref: ") {
            let ref = head.dropFirst("ref: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
            if ref.hasPrefix("refs/"), !ref.contains("..") { files.append(commonDir.appending(path: ref)) }
        }
        // A missing input would make the command run on every build; git creates them as it goes,
        // and HEAD (always there) moves with each of them.
        return files.filter { fm.fileExists(atPath: $0.path) }
    }
}
