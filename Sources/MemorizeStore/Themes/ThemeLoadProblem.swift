import Memorize

/// One reason something in the player's themes file was not loaded: which theme (nil when the
/// file as a whole could not be read), where, and why. A store reports every one of them, not
/// only the first, so the chooser can list them all.
public struct ThemeLoadProblem: Equatable, Sendable {
    public let path: String
    /// The theme's name as written in the file; nil for a problem with the whole file.
    public let theme: String?
    public let line: Int?
    public let column: Int?
    public let reason: String

    public init(path: String, theme: String?, line: Int?, column: Int?, reason: String) {
        self.path = path
        self.theme = theme
        self.line = line
        self.column = column
        self.reason = reason
    }
}

/// A themes store that can say what it could not load, and where each loaded theme sits in its file.
public protocol ThemeLoadReporting: AnyObject {
    /// Every theme (or the whole file) that could not be loaded, in file order.
    var loadProblems: [ThemeLoadProblem] { get }
    /// The file and line a loaded theme was read from, for messages about it.
    func place(ofTheme name: String) -> (path: String, line: Int)?
}
