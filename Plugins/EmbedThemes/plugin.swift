import PackagePlugin
import Foundation

/// Embeds `assets/themes.json` into the target that uses this plugin as `builtInThemesJSON`.
@main
struct EmbedThemes: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let input = context.package.directoryURL.appending(path: "assets/themes.json")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInThemesJSON.swift")
        return [
            .buildCommand(
                displayName: "Embedding assets/themes.json",
                executable: try context.tool(named: "EmbedAsset").url,
                arguments: [input.path, output.path, "builtInThemesJSON"],
                inputFiles: [input],
                outputFiles: [output]
            ),
        ]
    }
}
