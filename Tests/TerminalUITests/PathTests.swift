import Testing
@testable import TerminalUI

/// `Path` and its fill: lecture 5's `Pie.path(in:)`, and any outline of lines and arcs filled in
/// Braille dots by non-zero winding, a dot on when its centre is strictly inside.
struct PathTests {
    /// Which dots a raster lights, as (x, y) of their centres in pixels.
    private func litCentres(_ raster: PathRaster) -> Set<[Double]> {
        var canvas = Canvas(size: raster.size)
        raster.draw(at: .zero, on: &canvas, style: .plain, glyphs: .braille)
        let bits: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
        var centres = Set<[Double]>()
        for row in 0..<raster.size.height {
            for column in 0..<raster.size.width {
                guard let scalar = canvas[column, row].text.unicodeScalars.first, scalar.value >= 0x2800 else { continue }
                let pattern: UInt32 = scalar.value - 0x2800
                for i in 0..<2 {
                    for j in 0..<4 where pattern & bits[i][j] != 0 {
                        let x: Double = Double(column) + 0.25 + 0.5 * Double(i)
                        let y: Double = Double(row) * 2 + 0.25 + 0.5 * Double(j)
                        centres.insert([x, y])
                    }
                }
            }
        }
        return centres
    }

    private func allCentres(_ size: Size) -> [[Double]] {
        var centres: [[Double]] = []
        for j in 0..<size.height * 4 {
            for i in 0..<size.width * 2 { centres.append([0.25 + 0.5 * Double(i), 0.25 + 0.5 * Double(j)]) }
        }
        return centres
    }

    private func polygon(_ points: [(Double, Double)]) -> Path {
        var path = Path()
        path.move(to: FloatPoint(x: points[0].0, y: points[0].1))
        for point in points.dropFirst() { path.addLine(to: FloatPoint(x: point.0, y: point.1)) }
        path.closeSubpath()
        return path
    }

    /// A scanline decides runs of dots between crossings at once: the same dots as deciding each
    /// dot on its own, crossings on a dot's centre, stacked on one another and past either end
    /// included (random scanlines, a fixed seed).
    @Test func aScanlineLightsTheDotsEachDotWouldAlone() {
        func dotByDot(_ crossings: [(x: Double, winding: Int)], dots: Int) -> [Int] {
            (0..<dots).filter { dot in
                let x = 0.25 + 0.5 * Double(dot)
                let winding = crossings.filter { $0.x < x }.reduce(0) { $0 + $1.winding }
                let through = winding + crossings.filter { $0.x == x }.reduce(0) { $0 + $1.winding }
                return winding != 0 && through != 0
            }
        }
        var random = SplitMix(seed: 36)
        for _ in 0..<2000 {
            let dots = Int.random(in: 0...24, using: &random)
            let crossings = (0..<Int.random(in: 1...6, using: &random)).map { _ -> (x: Double, winding: Int) in
                let onACentre = 0.25 + 0.5 * Double(Int.random(in: -2...26, using: &random))
                let x = Bool.random(using: &random) ? onACentre : Double.random(in: -2...14, using: &random)
                return (x, Bool.random(using: &random) ? 1 : -1)
            }.sorted { $0.x < $1.x }
            var lit: [Int] = []
            PathRaster.scan(crossings, dots: dots) { lit.append($0) }
            #expect(lit == dotByDot(crossings, dots: dots), "\(crossings) over \(dots) dots")
        }
    }

    @Test func theLecturesPieIsAMoveALineAnArcAndALine() {
        let path = Pie(startAngle: Angle(degrees: 0 - 90), endAngle: Angle(degrees: 0)).path(in: FloatRect(x: 0, y: 0, width: 8, height: 8))
        guard path.elements.count == 4, case .move(let center) = path.elements[0], case .line(let start) = path.elements[1],
              case let .arc(arcCenter, radius, startAngle, endAngle, _) = path.elements[2], case .line(let back) = path.elements[3] else {
            Issue.record("not move, line, arc, line: \(path.elements)")
            return
        }
        #expect(center == FloatPoint(x: 4, y: 4) && arcCenter == center && back == center && radius == 4)
        #expect(abs(start.x - 4) < 1e-9 && start.y == 0, "the start is 12 o'clock")
        #expect(startAngle.degrees == -90 && endAngle.degrees == 0)
    }

    @Test func aTriangleOfLinesLightsTheDotsInsideIt() {
        let size = Size(width: 6, height: 3)
        let raster = PathRaster(polygon([(0, 0), (6, 0), (0, 6)]), size: size)
        let inside = Set(allCentres(size).filter { $0[0] + $0[1] < 6 && $0[0] > 0 && $0[1] > 0 })
        #expect(litCentres(raster) == inside)
        #expect(raster.litDotCount == inside.count && inside.count > 0 && inside.count < 6 * 2 * 3 * 4)
    }

    @Test func nonZeroWindingFillsOverlapsAndLeavesAReversedInnerSquareEmpty() {
        let size = Size(width: 8, height: 4)
        let outer = [(0.0, 0.0), (8, 0), (8, 8), (0, 8)]
        let inner = [(2.0, 2.0), (6, 2), (6, 6), (2, 6)]
        var hole = polygon(outer)
        for element in polygon(inner.reversed()).elements { hole.append(element) }
        var overlap = polygon(outer)
        for element in polygon(inner).elements { overlap.append(element) }
        let all = Set(allCentres(size))
        let innerDots = Set(all.filter { (2..<6).contains($0[0]) && (2..<6).contains($0[1]) })
        #expect(litCentres(PathRaster(overlap, size: size)) == all)
        #expect(litCentres(PathRaster(hole, size: size)) == all.subtracting(innerDots))
    }

    @Test func aFullPieAndAnEmptyOneAreTheCircleAndNothing() {
        let size = Size(width: 10, height: 5)
        let circle = Set(allCentres(size).filter { centre in
            let (dx, dy) = (centre[0] - 5, centre[1] - 5)
            return dx * dx + dy * dy < 25
        })
        #expect(litCentres(Pie(startAngle: -90, endAngle: -90, clockwise: true).raster(for: size)) == circle)
        #expect(Pie(startAngle: -90, endAngle: -450, clockwise: false).raster(for: size).litDotCount == 0)
    }

    /// Angles from outside (a theme, a replay) may be huge or not numbers at all: the fill ends,
    /// and whole turns change nothing.
    @Test func hugeAndNonFiniteAnglesAreFilledInBoundedTime() {
        let size = Size(width: 12, height: 6)
        let half = Pie(startAngle: -90, endAngle: 90).raster(for: size)
        #expect(Pie(startAngle: 3600 - 90, endAngle: 3600 + 90).raster(for: size).litDotCount == half.litDotCount)
        let full = Pie(startAngle: 0, endAngle: 0).raster(for: size).litDotCount
        for (start, end) in [(1e17, 1e17 + 90), (-1e300, 1e300), (Double.infinity, 0), (0, Double.nan), (.nan, .nan)] {
            #expect(Pie(startAngle: start, endAngle: end).raster(for: size).litDotCount <= full, "\(start) to \(end)")
        }
    }

    @Test func aRoundedRectanglesPathLeavesOnlyItsCornerDotsOut() {
        let size = Size(width: 4, height: 2)
        let lit = litCentres(RoundedRectangle(cornerRadius: 3).raster(for: size))
        let corners: Set<[Double]> = [[0.25, 0.25], [3.75, 0.25], [0.25, 3.75], [3.75, 3.75]]
        #expect(lit == Set(allCentres(size)).subtracting(corners))
    }
}

extension Path {
    /// Tests build several subpaths into one path.
    mutating func append(_ element: Element) {
        switch element {
        case .move(let point): move(to: point)
        case .line(let point): addLine(to: point)
        case let .arc(center, radius, start, end, clockwise): addArc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: clockwise)
        case .closeSubpath: closeSubpath()
        }
    }
}
