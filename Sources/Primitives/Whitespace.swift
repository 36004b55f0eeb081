extension StringProtocol {
    /// The text without the whitespace it starts and ends with (Character.isWhitespace, so
    /// Unicode spaces too): the one trimming of every layer (theme names, player names).
    public var trimmingWhitespace: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
