import ThemeFormat

/// The reader's error as a compiler-style diagnostic, `file:line:column: error: reason`, the form
/// SwiftPM and editors show as an error at that place in assets/themes.json.
enum BuildDiagnostic {
    static func error(_ problem: ThemeFileError) -> String {
        guard let line = problem.line else { return "\(problem.source): error: \(problem.reason)" }
        return "\(problem.source):\(line):\(problem.column ?? 1): error: \(problem.reason)"
    }
}
