/// Which cells of a frame may differ from the frame before it: all a screen has to look at.
///
/// SwiftUI redraws only the views whose inputs changed; a `RetainedCanvas` does the same for a
/// cell buffer and reports the cells it touched as damage, so a frame's cost follows what moves,
/// not the size of the terminal.
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
