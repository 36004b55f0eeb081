/// The help overlay.
enum OverlayCommand: Equatable, Sendable {
    case close, quit
    /// Lines up (negative) or down, when the help is taller than the screen.
    case scroll(Int)

    var isScroll: Bool {
        if case .scroll = self { return true }
        return false
    }
}
