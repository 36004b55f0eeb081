import Primitives
import ThemeFormat

/// The reader's error as a compiler-style diagnostic, `file:line:column: error: reason`, the form
/// SwiftPM and editors show as an error at that place in assets/themes.json. The reason can quote
/// the file's text: controls and bidi characters (ControlCharacters, the one list) become "?",
/// as on every other path that prints, so the file cannot write escape sequences into a build log.
enum BuildDiagnostic {
    static func error(_ problem: ThemeFileError) -> String {
        let place = problem.line.map { "\(problem.source):\($0):\(problem.column ?? 1)" } ?? problem.source
        return neutralised("\(place): error: \(problem.reason)")
    }

    private static func neutralised(_ text: String) -> String {
        var safe = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { safe.append(ControlCharacters.contains(scalar) ? "?" : scalar) }
        return String(safe)
    }
}
