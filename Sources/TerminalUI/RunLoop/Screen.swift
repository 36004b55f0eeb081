/// Where frames go and input comes from. `NcursesScreen` is a real terminal; `HeadlessScreen` is
/// a virtual one for tests and `--headless`. Both consume the same `Canvas`.
public protocol Screen: AnyObject {
    /// The terminal size in cells right now.
    var size: Size { get }
    /// Shows `canvas`, a whole frame, sending only the cells that differ from what the terminal
    /// shows (the screen's diff is the one comparison of frames).
    func present(_ canvas: Canvas)
    /// Waits for input. `timeout` nil blocks with no timer at all (an idle app costs nothing);
    /// returns nil when the timeout passes with no input.
    func nextEvent(timeout: Double?) -> Event?
    /// Leaves the terminal exactly as it was found. Safe to call more than once.
    func restore()
    /// Gives the terminal back and stops the process until the shell continues it (Ctrl-Z), then
    /// takes the terminal again; the next present() repaints everything. Virtual screens: nothing.
    func suspend()
    /// `present(_:)`, returning the bytes it wrote to the terminal, or nil when this screen
    /// cannot tell (an inspector shows the figure; counting may cost, so only it asks).
    func presentCountingBytes(_ canvas: Canvas) -> Int?
}

extension Screen {
    public func suspend() {}
    public func presentCountingBytes(_ canvas: Canvas) -> Int? {
        present(canvas)
        return nil
    }
}

/// A screen whose size a key script may set (`resize WxH`): virtual terminals only.
public protocol ResizableScreen: Screen {
    func resize(to size: Size)
}
