// Build tool: writes `public let <name>: String = #"..."#` holding a text file's contents.
// Used by the EmbedThemes plugin so assets/themes.json stays the one and only copy.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: EmbedAsset INPUT OUTPUT SYMBOL\n".utf8))
    exit(2)
}
let (input, output, symbol) = (arguments[1], arguments[2], arguments[3])
guard let text = try? String(contentsOfFile: input, encoding: .utf8) else {
    FileHandle.standardError.write(Data("EmbedAsset: cannot read \(input) as UTF-8\n".utf8))
    exit(1)
}
// A raw string needs a delimiter that does not occur in the text.
var hashes = "#"
while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
let source = """
// Generated from \(URL(fileURLWithPath: input).lastPathComponent) at build time. Do not edit.
let \(symbol): String = \(hashes)\"\"\"
\(text)
\"\"\"\(hashes)

"""
do {
    try source.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("EmbedAsset: cannot write \(output): \(error)\n".utf8))
    exit(1)
}
