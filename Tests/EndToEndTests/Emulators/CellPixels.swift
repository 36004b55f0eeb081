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
    /// cards (a cell of background) ends it. Nil when nothing is drawn at the centre.
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
        var low = start, high = start
        while low > frame.minX * cellWidth - cellWidth, drawn(low - 1) { low -= 1 }
        while high < frame.maxX * cellWidth + cellWidth, drawn(high + 1) { high += 1 }
        return low...high
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
