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

    /// Plays the key script and screenshots it until the third card has turned.
    private static func observe(_ emulator: TerminalEmulator) throws -> EmulatorObservations {
        let layout = try ReferenceGame().layout(EmulatorGame.size)
        let frames = layout.grid.itemFrames
        let game = try EmulatorGame(emulator)
        defer { game.close() }
        let name = emulator.name

        // Wait for the deal to end, then keep screenshotting until the last turn is done.
        while game.elapsed < EmulatorGame.flipTimes[0] - 0.2 { usleep(20_000) }
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
        // Card 7 is never chosen: its width is a card's at rest.
        guard let resting = pixels(first).drawnExtent(frames[7], background: background) else {
            throw EmulatorGame.Failure(description: "card 7 not found in \(firstPath) (background \(background))")
        }

        var taken = 1
        var midFlips: [MidFlip] = []
        var pie: Pie?
        let pieTime = EmulatorGame.flipTimes[0] + 1.5
        let end = EmulatorGame.flipTimes[2] + 1.0
        while game.elapsed < end {
            let takePie = pie == nil && game.elapsed >= pieTime
            let shot = try game.screenshot()
            taken += 1
            let cells = pixels(shot)
            if takePie {
                let path = try EmulatorShots.save(shot, as: "\(name)-pie")
                let frame = frames[0]
                let width = cells.drawnExtent(frame, background: background)?.count ?? 0
                // The face inside its border, without the two cells of the emoji at its centre
                // (and a cell either side: emoji are drawn wider than their cells in some fonts).
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
                pie = Pie(path: path, cardWidth: width, restingWidth: resting.count, faceColour: faceColour,
                          piePixels: cells.pixels(in: faceCells, differingFrom: faceColour), facePixels: facePoints.count)
                continue
            }
            for card in 0..<3 {
                guard let extent = cells.drawnExtent(frames[card], background: background),
                      extent.count < resting.count - game.cellWidth / 2 else { continue }
                let path = try EmulatorShots.save(shot, as: "\(name)-midflip-\(midFlips.count + 1)")
                midFlips.append(MidFlip(card: card, extent: extent, partialEdges: cells.partialEdges(extent), path: path))
                break
            }
            usleep(30_000)
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
}
