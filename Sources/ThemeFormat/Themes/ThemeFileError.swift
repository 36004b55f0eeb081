/// A theme file that cannot be read, with a message a player can act on:
/// `source:line:column: what is wrong` when the place is known, `source: what is wrong` otherwise.
public struct ThemeFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// File name or other label of where the JSON came from.
    public let source: String
    /// 1-based line of the offending text, when it could be located.
    public let line: Int?
    /// 1-based column (in Unicode scalars), when the line is known.
    public let column: Int?
    /// What is wrong, without the location.
    public let reason: String

    public init(source: String, line: Int?, column: Int?, reason: String) {
        self.source = source
        self.line = line
        self.column = column
        self.reason = reason
    }

    public var message: String {
        guard let line else { return "\(source): \(reason)" }
        return "\(source):\(line):\(column ?? 1): \(reason)"
    }

    public var description: String { message }
}
