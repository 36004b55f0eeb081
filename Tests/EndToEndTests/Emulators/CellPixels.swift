import Foundation
import TerminalUI

/// Where a terminal's cells are in its screenshot, and what the tests read from them.
struct CellPixels {
    let shot: Screenshot
    let cellWidth: Int
    let cellHeight: Int

    /// Every pixel of the cells in `rect`.
    func points(_ rect: Rect) -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        for y in (rect.minY * cellHeight)..<(rect.maxY * cellHeight) {
            for x in (rect.minX * cellWidth)..<(rect.maxX * cellWidth) { result.append((x, y)) }
        }
        return result
    }

    /// Pixels that differ from `background` by more than this count as drawn ("ink").
    static let inkDistance = 48.0
    static let edgeDistance = 20.0

    /// The horizontal extent, in pixels, of what is drawn over the rows of `frame` around its
    /// centre: a column counts when a third of its pixels differ from `background` (by more than
    /// `edgeDistance`: xterm's white face is 26 levels from its white background). The gap between
    /// cards (a cell of background) ends it. Nil when nothing is drawn near the centre.
    func drawnExtent(_ frame: Rect, background: Pixel) -> ClosedRange<Int>? {
        let top = frame.minY * cellHeight, bottom = frame.maxY * cellHeight
        func drawn(_ x: Int) -> Bool {
            guard x >= 0, x < shot.width else { return false }
            var count = 0
            for y in top..<min(bottom, shot.height) where shot.pixel(x, y).distance(to: background) > Self.edgeDistance { count += 1 }
            return count * 3 >= bottom - top
        }
        let centre = (frame.minX * cellWidth + frame.maxX * cellWidth) / 2
        // A card on edge is a sliver: look for the nearest drawn column within a cell of the centre.
        guard let start = (0...cellWidth).flatMap({ [centre - $0, centre + $0] }).first(where: drawn) else { return nil }
        // A thin line of the background's colour inside the card (a white │ of the focus border
        // on white) is not its edge: gaps under half a cell are crossed.
        func reach(_ step: Int, limit: Int) -> Int {
            var last = start, x = start
            while x != limit {
                x += step
                if drawn(x) {
                    last = x
                } else if abs(x - last) > cellWidth / 2 {
                    break
                }
            }
            return last
        }
        return reach(-1, limit: frame.minX * cellWidth - cellWidth)...reach(1, limit: frame.maxX * cellWidth + cellWidth)
    }

    /// How far an x (a pixel column's left side) lies from the nearest cell boundary, in pixels.
    func offsetFromCellBoundary(_ x: Int) -> Int {
        let offset = x % cellWidth
        return min(offset, cellWidth - offset)
    }

    /// An edge in a cell's interior: a left edge at `extent.lowerBound` or a right one after
    /// `extent.upperBound`, at least a pixel from a cell boundary (a cell partly filled, as an
    /// eighth block fills it). Whole-cell drawing puts both edges on boundaries exactly.
    func partialEdges(_ extent: ClosedRange<Int>) -> [Int] {
        [extent.lowerBound, extent.upperBound + 1].filter { offsetFromCellBoundary($0) >= 1 }
    }

    /// Pixels in `cells` farther than `inkDistance` from `colour`.
    func pixels(in cells: [Rect], differingFrom colour: Pixel) -> Int {
        cells.flatMap(points).filter { shot.pixel($0.0, $0.1).distance(to: colour) > Self.inkDistance }.count
    }

    /// The text's colour in `rect` against `background`: the most frequent colour among the pixels
    /// that differ from it (glyph stems are solid; anti-aliased edges scatter over many shades).
    func inkColour(_ rect: Rect, background: Pixel) -> Pixel? {
        shot.mode(points(rect).filter { shot.pixel($0.0, $0.1).distance(to: background) > Self.inkDistance })
    }
}
