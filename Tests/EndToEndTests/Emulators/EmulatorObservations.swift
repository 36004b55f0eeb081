import Foundation
@testable import MemorizeApp
import MemorizeTestSupport
import Synchronization
import TerminalUI

/// What one emulator showed of the seeded game, read from its screenshots (kept in
/// .build/emulator-shots/ under the emulator's name).
struct EmulatorObservations: Sendable {
    /// A frame in which a turning card was narrower than a card at rest.
    struct MidFlip: Sendable {
        var card: Int
        var extent: ClosedRange<Int>
        /// Its edges that lie inside a cell (an eighth-block edge), in pixels from the window's left.
        var partialEdges: [Int]
        var path: String
    }

    struct Pie: Sendable {
        var path: String
        /// Card 0's drawn width and a resting card's, in pixels: equal once it has turned.
        var cardWidth: Int
        var restingWidth: Int
        var faceColour: Pixel
        /// Pixels of the face (border and emoji left out) that differ from the face's colour.
        var piePixels: Int
        var facePixels: Int
    }

    struct Title: Sendable {
        var ink: Pixel?
        var background: Pixel
        var contrast: Double { ink.map { $0.contrast(with: background) } ?? 1 }
    }

    var emulator: String
    var cellWidth: Int
    var cellHeight: Int
    var background: Pixel
    var framesTaken: Int
    var restingWidth: Int
    var midFlips: [MidFlip]
    var pie: Pie?
    var title: Title
    /// The first screenshot's path, for messages when nothing else was kept.
    var firstPath: String

    /// One run per emulator, shared by every test that asks about it.
    private static let runs = Mutex<[TerminalEmulator: Result<EmulatorObservations, EmulatorGame.Failure>]>([:])

    static func of(_ emulator: TerminalEmulator) throws -> EmulatorObservations {
        if let known = runs.withLock({ $0[emulator] }) { return try known.get() }
        let result: Result<EmulatorObservations, EmulatorGame.Failure>
        do {
            result = .success(try observe(emulator))
        } catch let failure as EmulatorGame.Failure {
            result = .failure(failure)
        } catch {
            result = .failure(EmulatorGame.Failure(description: "\(error)"))
        }
        runs.withLock { $0[emulator] = result }
        return try result.get()
    }

    /// When to freeze the game after each choose: a 9-cell card turning in whole cells is narrower
    /// than at rest from ~0.17 s to ~0.33 s (on edge at 0.25 s); the moments vary so that a late
    /// terminal on a loaded machine still gives some frames mid-flip.
    static let freezeAfterChoose: [Double] = [0.25, 0.22, 0.28, 0.24, 0.27, 0.23]

    /// Cards of the first row to choose in turn, each pair a mismatch (no card leaves the table):
    /// every choose turns a card, and every third one turns the last two back as well.
    static func choices(_ contents: [String], row: Int) -> [Int] {
        var order: [Int] = []
        for card in 0..<min(row, contents.count) where order.count < freezeAfterChoose.count {
            if order.count % 2 == 1, contents[card] == contents[order[order.count - 1]] { continue }
            order.append(card)
        }
        return order
    }

    /// Deals, then chooses cards one by one, screenshotting each turn mid-flip and card 0's pie.
    private static func observe(_ emulator: TerminalEmulator) throws -> EmulatorObservations {
        let reference = try ReferenceGame()
        let layout = reference.layout(EmulatorGame.size)
        let frames = layout.grid.itemFrames
        let firstRow = frames.filter { $0.minY == frames[0].minY }.count
        let game = try EmulatorGame(emulator)
        defer { game.close() }
        let name = emulator.name
        EmulatorShots.clear(name)
        func sleep(until moment: Date) {
            let seconds = moment.timeIntervalSinceNow
            if seconds > 0 { usleep(useconds_t(seconds * 1_000_000)) }
        }

        // The first frame comes within milliseconds; a loaded machine gets a second. The deal
        // ends by 2.4 s (card i leaves at i/8 s and flies 0.5 s).
        usleep(1_000_000)
        try game.type(["d"])
        usleep(3_000_000)
        let first = try game.screenshot()
        let firstPath = try EmulatorShots.save(first, as: "\(name)-dealt")
        let pixels = { (shot: Screenshot) in CellPixels(shot: shot, cellWidth: game.cellWidth, cellHeight: game.cellHeight) }
        // The terminal's background: the grid area's cells that no card covers (below the cards).
        let covered = frames + [layout.deckFrame]
        var empty: [Rect] = []
        for y in layout.gridArea.minY..<layout.gridArea.maxY {
            for x in layout.gridArea.minX..<layout.gridArea.maxX where !covered.contains(where: { $0.contains(Point(x: x, y: y)) }) {
                empty.append(Rect(x: x, y: y, width: 1, height: 1))
            }
        }
        guard let background = first.mode(empty.flatMap(pixels(first).points)) else {
            throw EmulatorGame.Failure(description: "no background in \(firstPath)")
        }
        // The last card is never chosen: its width is a card's at rest.
        guard let resting = pixels(first).drawnExtent(frames[frames.count - 1], background: background) else {
            throw EmulatorGame.Failure(description: "the last card is not drawn in \(firstPath) (background \(background)): no deal?")
        }

        var taken = 1
        var midFlips: [MidFlip] = []
        var pie: Pie?
        var focus = 0
        for (step, card) in choices(reference.contents, row: firstRow).enumerated() {
            try game.type(Array(repeating: "Right", count: card - focus) + ["space"])
            let typed = Date()
            focus = card
            sleep(until: typed.addingTimeInterval(freezeAfterChoose[step]))
            let shot = try game.screenshot()
            taken += 1
            let cells = pixels(shot)
            for index in 0..<firstRow {
                guard let extent = cells.drawnExtent(frames[index], background: background),
                      extent.count < resting.count - game.cellWidth / 2 else { continue }
                let path = try EmulatorShots.save(shot, as: "\(name)-midflip-\(midFlips.count + 1)")
                midFlips.append(MidFlip(card: index, extent: extent, partialEdges: cells.partialEdges(extent), path: path))
                break
            }
            if step == 0 {
                // The first card 1.2 s after its choose: turned (0.5 s), its pie 4/5 of a circle.
                sleep(until: typed.addingTimeInterval(1.2))
                let shot = try game.screenshot()
                taken += 1
                pie = try observePie(shot, frame: frames[card], cells: pixels(shot), restingWidth: resting.count,
                                     background: background, path: try EmulatorShots.save(shot, as: "\(name)-pie"))
            }
            // The turn is over before the next choose.
            sleep(until: typed.addingTimeInterval(0.8))
        }

        let titleRect = Rect(x: 1, y: 0, width: ReferenceGame.themeName.count, height: 1)
        let title = Title(ink: pixels(first).inkColour(titleRect, background: background), background: background)
        // One line a person can compare across runs and branches.
        let flips = midFlips.map { "card \($0.card) x \($0.extent.lowerBound)-\($0.extent.upperBound + 1) partial \($0.partialEdges)" }
        print("emulator \(name): cells \(game.cellWidth)x\(game.cellHeight) px, background \(background), resting card \(resting.count) px, "
              + "\(taken) frames, mid-flip [\(flips.joined(separator: "; "))], "
              + "pie \(pie.map { "\($0.piePixels)/\($0.facePixels) px off the face \($0.faceColour)" } ?? "not taken"), "
              + "title \(title.ink?.description ?? "none") contrast \(String(format: "%.2f", title.contrast))")
        return EmulatorObservations(emulator: name, cellWidth: game.cellWidth, cellHeight: game.cellHeight, background: background,
                                    framesTaken: taken, restingWidth: resting.count, midFlips: midFlips, pie: pie,
                                    title: title, firstPath: firstPath)
    }

    /// The face inside its border, without the emoji at its centre (and a cell either side:
    /// emoji are drawn wider than their two cells in some fonts): its colour, and how many of its
    /// pixels differ from that colour (the pie's braille dots).
    private static func observePie(_ shot: Screenshot, frame: Rect, cells: CellPixels, restingWidth: Int,
                                   background: Pixel, path: String) throws -> Pie {
        let width = cells.drawnExtent(frame, background: background)?.count ?? 0
        let face = Rect(x: frame.minX + 1, y: frame.minY + 1, width: frame.width - 2, height: frame.height - 2)
        let emoji = Rect(x: frame.minX + (frame.width - 2) / 2 - 1, y: frame.minY + (frame.height - 1) / 2,
                         width: 4, height: 2 - frame.height % 2)
        var faceCells: [Rect] = []
        for y in face.minY..<face.maxY {
            for x in face.minX..<face.maxX where !emoji.contains(Point(x: x, y: y)) {
                faceCells.append(Rect(x: x, y: y, width: 1, height: 1))
            }
        }
        let facePoints = faceCells.flatMap(cells.points)
        let faceColour = shot.mode(facePoints) ?? background
        return Pie(path: path, cardWidth: width, restingWidth: restingWidth, faceColour: faceColour,
                   piePixels: cells.pixels(in: faceCells, differingFrom: faceColour), facePixels: facePoints.count)
    }
}
