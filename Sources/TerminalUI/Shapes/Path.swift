import Glibc

/// SwiftUI's `CGPoint`, in a terminal's pixels (see `Path`).
public struct FloatPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// SwiftUI's `Path`: the outline a `Shape` gives for a rect (`path(in:)`), made of moves, lines
/// and arcs, later filled (`PathRaster`). Its coordinates are a terminal's pixels: a cell is one
/// pixel wide and two tall, so pixels are square and a circle comes out round.
///
/// Angles are SwiftUI's in its flipped space: 0° points right and angles grow clockwise on
/// screen (y grows down); `addArc(clockwise: true)` sweeps towards *decreasing* angles, which is
/// counter-clockwise on screen (lecture 5's "upside-down" coordinates).
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(to: FloatPoint)
        case line(to: FloatPoint)
        case arc(center: FloatPoint, radius: Double, startAngle: Angle, endAngle: Angle, clockwise: Bool)
        case closeSubpath
    }

    public private(set) var elements: [Element] = []

    public init() {}

    public mutating func move(to point: FloatPoint) { elements.append(.move(to: point)) }

    public mutating func addLine(to point: FloatPoint) { elements.append(.line(to: point)) }

    /// As Core Graphics does, a line joins the current point to the arc's start. Where ours
    /// differs: an end at or "behind" the start (against `clockwise`) sweeps the long way round,
    /// so equal angles make a whole circle (the countdown pie's first frame), and an end a whole
    /// turn or more behind the start sweeps nothing.
    public mutating func addArc(center: FloatPoint, radius: Double, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        elements.append(.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise))
    }

    public mutating func closeSubpath() { elements.append(.closeSubpath) }

    /// Adds `rect` with its corners rounded by `radius` (a quarter circle each), as one closed
    /// subpath: RoundedRectangle's outline and, at half the shorter side, Capsule's.
    public mutating func addRoundedRect(_ rect: FloatRect, radius r: Double) {
        let (minX, minY, maxX, maxY) = (rect.x, rect.y, rect.x + rect.width, rect.y + rect.height)
        move(to: FloatPoint(x: minX + r, y: minY))
        addLine(to: FloatPoint(x: maxX - r, y: minY))
        addArc(center: FloatPoint(x: maxX - r, y: minY + r), radius: r, startAngle: Angle(degrees: -90), endAngle: Angle(degrees: 0), clockwise: false)
        addLine(to: FloatPoint(x: maxX, y: maxY - r))
        addArc(center: FloatPoint(x: maxX - r, y: maxY - r), radius: r, startAngle: Angle(degrees: 0), endAngle: Angle(degrees: 90), clockwise: false)
        addLine(to: FloatPoint(x: minX + r, y: maxY))
        addArc(center: FloatPoint(x: minX + r, y: maxY - r), radius: r, startAngle: Angle(degrees: 90), endAngle: Angle(degrees: 180), clockwise: false)
        addLine(to: FloatPoint(x: minX, y: minY + r))
        addArc(center: FloatPoint(x: minX + r, y: minY + r), radius: r, startAngle: Angle(degrees: 180), endAngle: Angle(degrees: 270), clockwise: false)
        closeSubpath()
    }

    /// Degrees an arc sweeps, 0…360, from its start in its direction (see `addArc`).
    public static func sweep(from startAngle: Angle, to endAngle: Angle, clockwise: Bool) -> Double {
        let raw = clockwise ? startAngle.degrees - endAngle.degrees : endAngle.degrees - startAngle.degrees
        guard raw.isFinite else { return 0 }
        return raw > 0 ? min(raw, 360) : max(0, 360 + raw)
    }
}

/// What filling a path needs: its edges, each running one way in y (an arc is cut at the top
/// and the bottom of its circle), each subpath closed.
extension Path {
    enum Edge {
        case line(from: FloatPoint, to: FloatPoint)
        /// A piece of a circle on one side of its centre, from one height to another.
        case arc(center: FloatPoint, radius: Double, fromY: Double, toY: Double, rightSide: Bool)
    }

    var edges: [Edge] {
        var edges: [Edge] = []
        var current: FloatPoint?
        var subpathStart: FloatPoint?
        func lineTo(_ point: FloatPoint) {
            if let from = current, from != point { edges.append(.line(from: from, to: point)) }
            current = point
            if subpathStart == nil { subpathStart = point }
        }
        func close() {
            if let start = subpathStart { lineTo(start) }
            current = nil
            subpathStart = nil
        }
        for element in elements {
            switch element {
            case .move(let point):
                close()
                current = point
                subpathStart = point
            case .line(let point):
                lineTo(point)
            case let .arc(center, radius, startAngle, endAngle, clockwise):
                let sweep = Self.sweep(from: startAngle, to: endAngle, clockwise: clockwise)
                // Within one turn: at a huge angle a step of π is lost in rounding, and cutting
                // the arc would never end (only the direction and the sweep matter).
                guard startAngle.radians.isFinite else { continue }
                let start = startAngle.radians.truncatingRemainder(dividingBy: 2 * .pi)
                let startPoint = FloatPoint(x: center.x + radius * cos(start), y: center.y + radius * sin(start))
                lineTo(startPoint)
                guard sweep > 0, radius > 0 else { continue }
                // A whole turn ends exactly where it began, so the two radii of a full pie cancel.
                let signed = sweep >= 360 ? (clockwise ? -2 : 2) * .pi : (clockwise ? -sweep : sweep) * .pi / 180
                let end = start + signed
                let endPoint = sweep >= 360 ? startPoint : FloatPoint(x: center.x + radius * cos(end), y: center.y + radius * sin(end))
                edges += Self.monotonicPieces(center: center, radius: radius, from: start, to: end, fromY: startPoint.y, toY: endPoint.y)
                current = endPoint
            case .closeSubpath:
                close()
            }
        }
        close()
        return edges
    }

    /// An arc from `start` to `end` (radians) cut where it passes the top or the bottom of its
    /// circle; its ends keep the heights of the points the path joins there.
    private static func monotonicPieces(center: FloatPoint, radius: Double, from start: Double, to end: Double,
                                        fromY: Double, toY: Double) -> [Edge] {
        let direction = end > start ? 1.0 : -1.0
        // The angles k·π + π/2 strictly between start and end, in the order the arc meets them.
        var cuts: [Double] = []
        var k = ((direction > 0 ? start : end) - .pi / 2) / .pi
        k = k.rounded(.down) + 1
        while true {
            let angle = k * .pi + .pi / 2
            guard angle < max(start, end) else { break }
            if angle > min(start, end) { cuts.append(angle) }
            k += 1
        }
        if direction < 0 { cuts.reverse() }
        var pieces: [Edge] = []
        var from = (angle: start, y: fromY)
        for cut in cuts + [end] {
            let y = cut == end ? toY : center.y + radius * (sin(cut) > 0 ? 1 : -1)
            let middle = (from.angle + cut) / 2
            pieces.append(.arc(center: center, radius: radius, fromY: from.y, toY: y, rightSide: cos(middle) > 0))
            from = (cut, y)
        }
        return pieces
    }
}

extension Path.Edge {
    /// Where the edge crosses the horizontal line at `y`, and which way (+1 downwards): the
    /// scanline's crossings. An edge counts its lower end and not its upper one, so two edges
    /// meeting on the line count once.
    func crossings(atY y: Double, into found: inout [(x: Double, winding: Int)]) {
        switch self {
        case let .line(from, to):
            guard (from.y <= y) != (to.y <= y) else { return }
            let x = from.x + (y - from.y) * (to.x - from.x) / (to.y - from.y)
            found.append((x, to.y > from.y ? 1 : -1))
        case let .arc(center, radius, fromY, toY, rightSide):
            guard (fromY <= y) != (toY <= y) else { return }
            let dy = y - center.y
            let half = max(0, radius * radius - dy * dy).squareRoot()
            found.append((rightSide ? center.x + half : center.x - half, toY > fromY ? 1 : -1))
        }
    }
}
