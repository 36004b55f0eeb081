import PackagePlugin
import Foundation

/// Gives the target that uses this plugin `builtInThemes: [Theme]`: assets/themes.json decoded at
/// build time by the ThemeCodegen tool with ThemeLibrary.decode, written as Swift values. The
/// file stays the one copy of the themes; a file the reader refuses fails the build.
@main
struct EmbedThemes: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let input = context.package.directoryURL.appending(path: "assets/themes.json")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInThemes.swift")
        return [
            .buildCommand(
                displayName: "Decoding assets/themes.json into Swift values",
                executable: try context.tool(named: "ThemeCodegen").url,
                arguments: [input.path, output.path],
                inputFiles: [input],
                outputFiles: [output]
            ),
        ]
    }
}
