import Foundation

/// assets/themes.json as it is in the source tree, read by path: the game carries the themes as
/// values made at build time, not the file's text, and the tests need the text.
public enum BuiltInThemesFile {
    public static let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("assets/themes.json").path

    /// Empty when the file cannot be read, which the lint then reports as a decoding error.
    public static let bytes: [UInt8] = FileManager.default.contents(atPath: path).map(Array.init) ?? []
}
