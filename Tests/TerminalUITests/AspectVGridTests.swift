import Testing
@testable import TerminalUI

/// The lecture's `widthThatFits` loop, written out again here (Double maths, pixel space) so the
/// tests check the implementation against the lecture rather than against itself.
private func lectureColumnCount(n: Int, width W: Double, height H: Double, r: Double) -> Int {
    var columnCount = 1
    var rowCount = n
    repeat {
        let itemWidth = W / Double(columnCount)
        let itemHeight = itemWidth / r
        if Double(rowCount) * itemHeight < H { break }
        columnCount += 1
        rowCount = (n + (columnCount - 1)) / columnCount
    } while columnCount < n
    if columnCount > n { columnCount = n }
    return columnCount
}

/// The size these tests hold items to, as the game holds its cards (border plus one emoji).
private let cardMinimum = Size(width: 4, height: 3)

private extension AspectVGrid {
    static func cardLayout(itemCount: Int, in area: Rect, aspectRatio: Double = 2.0 / 3.0) -> AspectVGridLayout {
        layout(itemCount: itemCount, in: area, aspectRatio: aspectRatio, minimumItemSize: cardMinimum)
    }
    static func cardMinimumArea(itemCount: Int, chrome: Size) -> Size {
        minimumArea(itemCount: itemCount, minimumItemSize: cardMinimum, chrome: chrome)
    }
}

private let r = 2.0 / 3.0
private let widths = [10, 11, 13, 17, 20, 29, 33, 40, 57, 80, 100, 119, 160, 211, 300]
private let heights = [5, 6, 7, 9, 10, 13, 20, 22, 24, 31, 40, 50, 67, 100]

/// Every count × size, offered at a non-zero origin so origin mistakes show.
private func forEachLayout(_ body: (Int, Rect, AspectVGridLayout) -> Void) {
    for n in 1...60 {
        for w in widths {
            for h in heights {
                let area = Rect(x: 3, y: 2, width: w, height: h)
                body(n, area, AspectVGrid.cardLayout(itemCount: n, in: area))
            }
        }
    }
}

/// Collects failures so one broken rule reports a few examples instead of thousands of lines.
private struct Failures {
    var items: [String] = []
    mutating func check(_ ok: Bool, _ message: @autoclosure () -> String) { if !ok { items.append(message()) } }
    var ok: Bool { items.isEmpty }
    var summary: String { "\(items.count) failures, e.g.\n" + items.prefix(8).joined(separator: "\n") }
}

struct AspectVGridTests {
    @Test func columnCountIsTheLecturesAlgorithm() {
        var f = Failures()
        forEachLayout { n, area, layout in
            let expected = lectureColumnCount(n: n, width: Double(area.width), height: Double(area.height) * 2, r: r)
            f.check(layout.columnCount == expected, "n=\(n) \(area.size): columns \(layout.columnCount), lecture \(expected)")
            f.check(layout.rowCount == (n + expected - 1) / expected, "n=\(n) \(area.size): rows \(layout.rowCount)")
            f.check(layout.itemFrames.count == n, "n=\(n) \(area.size): \(layout.itemFrames.count) frames")
        }
        #expect(f.ok, "\(f.summary)")
    }

    @Test func everyFrameIsInsideTheAreaAndAtLeastOneCell() {
        var f = Failures()
        forEachLayout { n, area, layout in
            for (i, frame) in layout.itemFrames.enumerated() {
                f.check(area.contains(frame), "n=\(n) \(area): card \(i) \(frame) outside")
                f.check(frame.width >= 1 && frame.height >= 1, "n=\(n) \(area): card \(i) \(frame) empty")
            }
        }
        #expect(f.ok, "\(f.summary)")
    }

    @Test func framesDoNotOverlapWheneverSlotsAreWholeCells() {
        var f = Failures()
        var checked = 0
        forEachLayout { n, area, layout in
            // Below one cell per slot (e.g. 60 cards in 10×5) overlap is unavoidable; the app shows "too small".
            guard layout.slotSize.width >= 1, layout.slotSize.height >= 1 else {
                f.check(!layout.isLegible, "n=\(n) \(area): sub-cell slots yet legible")
                return
            }
            checked += 1
            let frames = layout.itemFrames
            for i in frames.indices {
                for j in (i + 1)..<frames.count where frames[i].intersects(frames[j]) {
                    f.check(false, "n=\(n) \(area): \(i) \(frames[i]) overlaps \(j) \(frames[j])")
                }
            }
        }
        #expect(f.ok, "\(f.summary)")
        #expect(checked > 10_000, "the sweep should mostly produce whole-cell slots")
    }

    @Test func rowMajorTopAlignedAndHorizontallyCentred() {
        var f = Failures()
        forEachLayout { n, area, layout in
            guard layout.slotSize.width >= 1, layout.slotSize.height >= 1 else { return }
            let frames = layout.itemFrames, c = layout.columnCount
            for (i, frame) in frames.enumerated() {
                let expected = Point(x: frames[0].minX + (i % c) * layout.slotSize.width,
                                     y: frames[0].minY + (i / c) * layout.slotSize.height)
                f.check(frame.origin == expected, "n=\(n) \(area): card \(i) \(frame) not at row \(i / c), column \(i % c)")
            }
            f.check(frames[0].minY == area.minY, "n=\(n) \(area): not top-aligned, first row at \(frames[0].minY)")
            // The first row is always full (columns ≤ n), so it spans the grid's visible width.
            let left = frames[0].minX - area.minX
            let right = area.maxX - frames[c - 1].maxX
            f.check(abs(left - right) <= 1, "n=\(n) \(area): margins \(left) and \(right)")
        }
        #expect(f.ok, "\(f.summary)")
    }

    @Test func slotsSnapToTwoByThreeOnScreen() {
        var f = Failures()
        var legibleCount = 0
        forEachLayout { n, area, layout in
            guard layout.isLegible else { return }
            legibleCount += 1
            let slot = layout.slotSize, rows = layout.rowCount
            let lectureWidth = area.width / layout.columnCount   // the lecture's floor(W / columnCount)
            let heightForWidth = Int((Double(lectureWidth) / r / 2).rounded(.down))
            if heightForWidth * rows <= area.height {
                // Width-driven (the usual case): the lecture's width, and the tallest whole number of
                // rows not exceeding 2:3.
                f.check(slot.width == lectureWidth, "n=\(n) \(area): slot width \(slot.width)")
                f.check(slot.height == heightForWidth, "n=\(n) \(area): slot \(slot), expected height \(heightForWidth)")
            } else {
                // Fitted by height: every row used, width within half a cell of 2:3.
                f.check(slot.height == area.height / rows, "n=\(n) \(area): slot \(slot) height-fitted")
                f.check(abs(Double(slot.width) - Double(slot.height) * 2 * r) <= 0.5 || slot.width == lectureWidth,
                        "n=\(n) \(area): slot \(slot) width not derived from height")
            }
            // The card itself (slot minus gutter): within 1.25 rows of the 2:3 height for its width
            // (one cell of snapping plus the gutter's quarter).
            let card = layout.itemFrames[0].size
            let ideal = Double(card.width) / r / 2
            f.check(abs(Double(card.height) - ideal) <= 1.25, "n=\(n) \(area): card \(card) on-screen aspect \(Double(card.width) / Double(2 * card.height))")
            f.check(layout.itemFrames.allSatisfy { $0.size == card }, "n=\(n) \(area): cards differ in size")
        }
        #expect(f.ok, "\(f.summary)")
        #expect(legibleCount > 5_000)
    }

    @Test func legibilityMeansTheMinimumCardSize() {
        var f = Failures()
        forEachLayout { n, area, layout in
            let card = layout.itemFrames[0].size
            let big = card.width >= cardMinimum.width && card.height >= cardMinimum.height
            f.check(layout.isLegible == big, "n=\(n) \(area): card \(card) isLegible \(layout.isLegible)")
        }
        #expect(f.ok, "\(f.summary)")
    }

    /// 16 cards in 80×20 (W = 80, H = 40 pixels). Lecture loop: 7 columns need 3 rows of
    /// 80/7 ÷ 2/3 ≈ 17.1 px = 51.4 px ≥ 40, so go on; 8 columns need 2 rows of 10 ÷ 2/3 = 15 px = 30 < 40:
    /// 8 columns, 2 rows. Slot width 80/8 = 10 cells, height floor(15 px / 2) = 7 rows. Card = slot
    /// minus gutter = 9×7-1 = 9×6. Visible width 7·10 + 9 = 79, so the left margin is (80-79)/2 = 0.
    @Test func sixteenCardsIn80x20() {
        let layout = AspectVGrid.cardLayout(itemCount: 16, in: Rect(x: 0, y: 0, width: 80, height: 20))
        #expect(layout.columnCount == 8)
        #expect(layout.rowCount == 2)
        #expect(layout.slotSize == Size(width: 10, height: 7))
        #expect(layout.isLegible)
        #expect(layout.itemFrames[0] == Rect(x: 0, y: 0, width: 9, height: 6))
        #expect(layout.itemFrames[1] == Rect(x: 10, y: 0, width: 9, height: 6))
        #expect(layout.itemFrames[7] == Rect(x: 70, y: 0, width: 9, height: 6))
        #expect(layout.itemFrames[8] == Rect(x: 0, y: 7, width: 9, height: 6))
        #expect(layout.itemFrames[15] == Rect(x: 70, y: 7, width: 9, height: 6))
    }

    /// 20 cards in the 80×24 terminal's grid (80×22 from row 1). W = 80, H = 44: 8 columns need
    /// 3 rows of 15 px = 45 ≥ 44 (just misses), 9 columns 3 rows of 13.3 px = 40 < 44: 9 columns, 3 rows.
    /// Slot floor(80/9) = 8 wide, floor(8 ÷ 2/3 / 2) = 6 high; card 7×5. Visible width 8·8 + 7 = 71,
    /// left margin (80-71)/2 = 4. The short last row (2 cards) is leading-aligned.
    @Test func twentyCardsIn80x22AtRowOne() {
        let layout = AspectVGrid.cardLayout(itemCount: 20, in: Rect(x: 0, y: 1, width: 80, height: 22))
        #expect(layout.columnCount == 9)
        #expect(layout.rowCount == 3)
        #expect(layout.slotSize == Size(width: 8, height: 6))
        #expect(layout.itemFrames[0] == Rect(x: 4, y: 1, width: 7, height: 5))
        #expect(layout.itemFrames[8] == Rect(x: 68, y: 1, width: 7, height: 5))
        #expect(layout.itemFrames[9] == Rect(x: 4, y: 7, width: 7, height: 5))
        #expect(layout.itemFrames[19] == Rect(x: 12, y: 13, width: 7, height: 5))
        #expect(layout.isLegible)
    }

    /// 3 cards in 60×5 (W = 60, H = 10): the loop runs out at 3 columns without fitting (20 ÷ 2/3 = 30 px
    /// ≥ 10), so each slot is fitted by height: 5 rows, width round(5 · 2 · 2/3) = 7. Cards 6×4; visible
    /// width 2·7 + 6 = 20, left margin (60-20)/2 = 20.
    @Test func shortWideAreaFitsByHeight() {
        let layout = AspectVGrid.cardLayout(itemCount: 3, in: Rect(x: 0, y: 0, width: 60, height: 5))
        #expect(layout.columnCount == 3)
        #expect(layout.slotSize == Size(width: 7, height: 5))
        #expect(layout.itemFrames == [Rect(x: 20, y: 0, width: 6, height: 4), Rect(x: 27, y: 0, width: 6, height: 4),
                                      Rect(x: 34, y: 0, width: 6, height: 4)])
        #expect(layout.isLegible)
    }

    /// One card in 10×5: the loop clamps 2 columns back to 1; 10 wide would need 7 rows, so fit by height:
    /// 5 rows, 7 wide, card 6×4 centred at x = 2.
    @Test func singleCardClampsColumnsAndFitsByHeight() {
        let layout = AspectVGrid.cardLayout(itemCount: 1, in: Rect(x: 0, y: 0, width: 10, height: 5))
        #expect(layout.columnCount == 1)
        #expect(layout.itemFrames == [Rect(x: 2, y: 0, width: 6, height: 4)])
    }

    @Test func tooManyCardsAreIllegibleButStayInside() {
        let area = Rect(x: 0, y: 0, width: 10, height: 5)
        let layout = AspectVGrid.cardLayout(itemCount: 60, in: area)
        #expect(!layout.isLegible)
        #expect(layout.itemFrames.count == 60)
        #expect(layout.itemFrames.allSatisfy { area.contains($0) && $0.width >= 1 && $0.height >= 1 })
    }

    @Test func noItemsOrNoSpace() {
        let none = AspectVGrid.cardLayout(itemCount: 0, in: Rect(x: 0, y: 0, width: 80, height: 24))
        #expect(none.itemFrames.isEmpty)
        #expect(none.columnCount == 0)
        let empty = AspectVGrid.cardLayout(itemCount: 4, in: Rect(x: 5, y: 5, width: 0, height: 10))
        #expect(empty.itemFrames.count == 4)
        #expect(!empty.isLegible)
        #expect(empty.itemFrames.allSatisfy { $0.isEmpty })
    }

    @Test func otherAspectRatiosFollowTheLoopToo() {
        for ratio in [1.0, 0.5, 1.5] {
            for n in [1, 5, 12, 30] {
                let area = Rect(x: 0, y: 0, width: 90, height: 30)
                let layout = AspectVGrid.cardLayout(itemCount: n, in: area, aspectRatio: ratio)
                #expect(layout.columnCount == lectureColumnCount(n: n, width: 90, height: 60, r: ratio), "ratio \(ratio) n \(n)")
                #expect(layout.itemFrames.allSatisfy { area.contains($0) })
            }
        }
    }

    /// 16 cards with 2 rows of chrome: at 50×15 the grid is 50×13 → 8 columns, slot 6×4, card 5×3 (legible);
    /// one row less, 47×14 → grid 47×12, slot 5×3, card 4×2 (not).
    @Test func minimumAreaForSixteenCards() {
        #expect(AspectVGrid.cardMinimumArea(itemCount: 16, chrome: Size(width: 0, height: 2)) == Size(width: 50, height: 15))
    }

    @Test func minimumAreaIsTheFirstLegibleTerminalShape() {
        var f = Failures()
        for n in 1...60 {
            for chrome in [Size(width: 0, height: 2), Size(width: 2, height: 4)] {
                let size = AspectVGrid.cardMinimumArea(itemCount: n, chrome: chrome)
                func legible(_ s: Size) -> Bool {
                    AspectVGrid.cardLayout(itemCount: n, in: Rect(x: 0, y: 0, width: s.width - chrome.width,
                                                              height: s.height - chrome.height)).isLegible
                }
                func shape(_ h: Int) -> Size { Size(width: (h * 80 + 23) / 24, height: h) }
                f.check(size == shape(size.height), "n=\(n): \(size) is not 80:24")
                f.check(legible(size), "n=\(n): \(size) not legible")
                f.check(!legible(shape(size.height - 1)), "n=\(n): \(shape(size.height - 1)) is smaller and legible")
                // Growing further along the same shape keeps it legible, so the message's advice holds.
                for h in size.height...(size.height + 40) where !legible(shape(h)) {
                    f.check(false, "n=\(n): \(shape(h)) illegible though larger than \(size)")
                }
            }
        }
        #expect(f.ok, "\(f.summary)")
    }
}
