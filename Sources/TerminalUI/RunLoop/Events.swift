/// A key as the app sees it, whatever produced it: ncurses, a key script or a test.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    case character(Character)
    case up, down, left, right
    case enter, escape, tab, backTab, backspace, delete
    case home, end, pageUp, pageDown
    /// Ctrl plus a letter, e.g. `.control("c")` for Ctrl-C.
    case control(Character)

    public var description: String {
        switch self {
        case .character(" "): return "space"
        case .character(let c): return String(c)
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        case .enter: return "enter"
        case .escape: return "esc"
        case .tab: return "tab"
        case .backTab: return "backtab"
        case .backspace: return "backspace"
        case .delete: return "delete"
        case .home: return "home"
        case .end: return "end"
        case .pageUp: return "pageup"
        case .pageDown: return "pagedown"
        case .control(let c): return "ctrl-\(c)"
        }
    }

    /// Parses the names key scripts use: up down left right enter space esc tab backspace,
    /// `ctrl-X`, or any single character.
    public init?(name: String) {
        switch name.lowercased() {
        case "up": self = .up
        case "down": self = .down
        case "left": self = .left
        case "right": self = .right
        case "enter", "return": self = .enter
        case "space": self = .character(" ")
        case "esc", "escape": self = .escape
        case "tab": self = .tab
        case "backtab": self = .backTab
        case "backspace": self = .backspace
        case "delete", "del": self = .delete
        case "home": self = .home
        case "end": self = .end
        case "pageup": self = .pageUp
        case "pagedown": self = .pageDown
        default:
            if name.count == 1, let c = name.first {
                self = .character(c)
            } else if name.lowercased().hasPrefix("ctrl-"), name.count == 6, let c = name.lowercased().last, c.isLetter {
                self = .control(c)
            } else {
                return nil
            }
        }
    }
}

public enum MouseButton: Hashable, Sendable { case left, middle, right }

public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case press, release, click }
    public var kind: Kind
    public var button: MouseButton
    /// 0-based cell column and row.
    public var position: Point
    public init(_ kind: Kind, button: MouseButton = .left, at position: Point) {
        self.kind = kind; self.button = button; self.position = position
    }
}

/// Everything that can wake the run loop.
public enum Event: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(Size)
    /// SIGTERM / SIGHUP / SIGINT, or the terminal hung up: the app must quit and restore the terminal.
    case terminate
    /// Ctrl-Z or SIGTSTP: the run loop suspends the screen and pauses the clock; apps never see it.
    case suspend
    /// The descriptor the app asked the screen to watch with the terminal (NcursesScreen's
    /// `watchedDescriptor`, e.g. a table's channel) has input or hung up: the app reads it.
    case watchedInput
}
