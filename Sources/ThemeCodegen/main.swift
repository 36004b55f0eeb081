// Build tool: decodes a theme file with ThemeLibrary.decode, the reader the game uses for
// players' files, and writes the themes as Swift values (BuiltInThemesSource). A file the reader
// refuses fails the build with its message, naming the file and line.
import Foundation
import ThemeFormat

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: ThemeCodegen THEME_FILE OUTPUT\n".utf8))
    exit(2)
}
let (input, output) = (arguments[1], arguments[2])
guard let bytes = FileManager.default.contents(atPath: input) else {
    FileHandle.standardError.write(Data("\(input): error: cannot read the theme file\n".utf8))
    exit(1)
}
let source: String
do {
    source = BuiltInThemesSource.swift(try ThemeLibrary.decode(bytes, source: input))
} catch let problem as ThemeFileError {
    FileHandle.standardError.write(Data((BuildDiagnostic.error(problem) + "\n").utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("\(input): error: \(error)\n".utf8))
    exit(1)
}
// Unchanged content is left alone, so nothing downstream recompiles: SwiftPM links this tool in
// two build phases and reruns it in the build after one in which it was linked (in each switch
// between debug and release too), and a rewritten file would recompile MemorizeStore each time.
if (try? String(contentsOfFile: output, encoding: .utf8)) == source { exit(0) }
do {
    try source.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("ThemeCodegen: cannot write \(output): \(error)\n".utf8))
    exit(1)
}
