/// Which cells of a frame may differ from the frame before it: all a screen has to look at.
///
/// The run loop's frames are whole (`.everything`): the screen compares them with what the
/// terminal shows, the one place frames are compared. A caller that changed a known region of
/// the frame it presented last (the recording's failure notice, one row) may say so.
public struct Damage: Equatable, Sendable {
    /// Rectangles of possibly changed cells (they may overlap). Ignored when `isEverything`.
    public var rects: [Rect]
    /// The whole frame may have changed (a first frame, a new size, a page that is not retained).
    public var isEverything: Bool

    public init(rects: [Rect] = [], isEverything: Bool = false) {
        self.rects = rects
        self.isEverything = isEverything
    }

    public static let everything = Damage(isEverything: true)
    public static let nothing = Damage()

    /// True when no cell can have changed.
    public var isEmpty: Bool { !isEverything && rects.allSatisfy(\.isEmpty) }
}
