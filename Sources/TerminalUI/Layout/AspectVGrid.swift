/// The lecture's `AspectVGrid`: n equally sized items of one aspect ratio, as large as the offered
/// space allows, in a top-aligned grid.
///
/// The maths runs in "pixel" space, where a terminal cell is 1 wide and 2 high, so an aspect ratio
/// of 2/3 means an item that *looks* 2:3 on screen. The column count is the lecture's loop, exactly;
/// only then are the sizes snapped to whole cells.
public struct AspectVGrid {
    /// Pixels per cell vertically (cells are about twice as tall as wide).
    static let pixelsPerRow = 2.0

    /// The terminal shape `minimumArea` keeps (the classic 80×24).
    static let terminalProportion = (width: 80, height: 24)

    /// Lays out `itemCount` items in `area`.
    ///
    /// - Columns: the lecture's `widthThatFits` loop in pixel space (W = area width, H = area height × 2).
    /// - Slot: `floor(W / columns)` cells wide, and the largest whole number of rows not taller than
    ///   `slotWidth / aspectRatio / 2` with every row still fitting. When even `columns == itemCount`
    ///   does not fit (a very short, wide area), the slot is fitted by height instead and its width derived.
    /// - Item frame: the slot minus a one-cell gutter (one column on the right, one row at the bottom),
    ///   the lecture's `.padding`, never smaller than 1×1.
    /// - The grid is top-aligned and its visible extent centred horizontally; a short last row is
    ///   leading-aligned like LazyVGrid's.
    ///
    /// When the area is too small for whole-cell slots the 1×1 frames may overlap; `isLegible` is then
    /// false (as it is when an item is smaller than `minimumItemSize`) and the app says so instead.
    public static func layout(itemCount: Int, in area: Rect, aspectRatio: Double = 2.0 / 3.0,
                              minimumItemSize: Size = Size(width: 1, height: 1)) -> AspectVGridLayout {
        let n = max(0, itemCount)
        guard n > 0 else {
            return AspectVGridLayout(columnCount: 0, rowCount: 0, slotSize: .zero, itemFrames: [], isLegible: true)
        }
        let ratio = aspectRatio.isFinite && aspectRatio > 0 ? aspectRatio : 2.0 / 3.0
        let columnCount = lectureColumnCount(itemCount: n, width: Double(max(0, area.width)),
                                             height: Double(max(0, area.height)) * pixelsPerRow, aspectRatio: ratio)
        let rowCount = (n + columnCount - 1) / columnCount

        guard !area.isEmpty else {
            // Nothing can be drawn; keep the frames inside the (empty) area rather than inventing cells.
            let frames = Array(repeating: Rect(origin: area.origin, size: .zero), count: n)
            return AspectVGridLayout(columnCount: columnCount, rowCount: rowCount, slotSize: .zero,
                                     itemFrames: frames, isLegible: false)
        }

        // Snap to whole cells. Width first (the lecture's `floor(W / columnCount)`), then the height
        // that keeps the slot 2:3 on screen without exceeding it.
        var slotWidth = area.width / columnCount
        let heightForWidth = Int((Double(slotWidth) / ratio / pixelsPerRow).rounded(.down))
        let heightThatFits = area.height / rowCount
        var slotHeight = heightForWidth
        if heightForWidth > heightThatFits {
            // The loop ran out of columns without fitting: fit by height, derive the width.
            slotHeight = heightThatFits
            slotWidth = min(slotWidth, Int((Double(slotHeight) * pixelsPerRow * ratio).rounded()))
        }

        let itemSize = Size(width: max(1, slotWidth - 1), height: max(1, slotHeight - 1))
        // Centre what is visible: the last column's gutter is empty space, not part of the grid.
        let visibleWidth = (columnCount - 1) * slotWidth + itemSize.width
        let originX = area.minX + max(0, (area.width - visibleWidth) / 2)
        let frames = (0..<n).map { i in
            Rect(x: originX + (i % columnCount) * slotWidth, y: area.minY + (i / columnCount) * slotHeight,
                 width: itemSize.width, height: itemSize.height)
        }
        let legible = itemSize.width >= minimumItemSize.width && itemSize.height >= minimumItemSize.height
        return AspectVGridLayout(columnCount: columnCount, rowCount: rowCount,
                                 slotSize: Size(width: slotWidth, height: slotHeight),
                                 itemFrames: frames, isLegible: legible)
    }

    /// Smallest terminal-shaped area (keep the 80:24 proportion) in which `itemCount` items are legible,
    /// for the "needs at least WxH" message. `chrome` is the columns/rows the app uses outside the grid.
    ///
    /// Legibility is not strictly monotonic in the size (column counts jump), so this is the first
    /// proportional size, growing one row at a time, at which the layout is legible.
    public static func minimumArea(itemCount: Int, aspectRatio: Double = 2.0 / 3.0,
                                   minimumItemSize: Size = Size(width: 1, height: 1), chrome: Size) -> Size {
        let (pw, ph) = terminalProportion
        for height in 1...10_000 {
            let width = (height * pw + ph - 1) / ph   // ceil keeps at least the 80:24 width
            let area = Size(width: width - chrome.width, height: height - chrome.height)
            guard area.width > 0, area.height > 0 else { continue }
            if layout(itemCount: itemCount, in: Rect(origin: .zero, size: area), aspectRatio: aspectRatio,
                      minimumItemSize: minimumItemSize).isLegible {
                return Size(width: width, height: height)
            }
        }
        return Size(width: 10_000 * pw / ph, height: 10_000)
    }

    /// The lecture's `widthThatFits` loop, returning its column count. Note that the loop stops at
    /// `columnCount == itemCount` without testing whether that many columns fit.
    static func lectureColumnCount(itemCount: Int, width: Double, height: Double, aspectRatio: Double) -> Int {
        var columnCount = 1
        var rowCount = itemCount
        repeat {
            let itemWidth = width / Double(columnCount)
            let itemHeight = itemWidth / aspectRatio
            if Double(rowCount) * itemHeight < height { break }
            columnCount += 1
            rowCount = (itemCount + (columnCount - 1)) / columnCount
        } while columnCount < itemCount
        if columnCount > itemCount { columnCount = itemCount }
        return columnCount
    }
}

/// Where `AspectVGrid` puts each item.
public struct AspectVGridLayout: Equatable, Sendable {
    public var columnCount: Int
    public var rowCount: Int
    /// Each item's share of the grid, gutter included.
    public var slotSize: Size
    /// Index i is item i, row-major; each is its slot minus the one-cell gutter.
    public var itemFrames: [Rect]
    /// Every item frame is at least the minimum item size asked for.
    public var isLegible: Bool

    public init(columnCount: Int, rowCount: Int, slotSize: Size, itemFrames: [Rect], isLegible: Bool) {
        self.columnCount = columnCount; self.rowCount = rowCount; self.slotSize = slotSize
        self.itemFrames = itemFrames; self.isLegible = isLegible
    }
}
