import Foundation
import Testing
import MemorizeStore
import TerminalUI
import ThemeFormat
@testable import MemorizeApp

/// The inspector's placement by terminal size, its one table of titles, and that
/// opening and closing it leaves the game exactly as it was.
@Suite struct InspectorTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func wideTerminalPutsThePaneBesideTheGame() {
        let placement = InspectorPlacement(terminal: Size(width: 160, height: 48))
        #expect(placement.kind == .beside)
        #expect(placement.gameSize == Size(width: 96, height: 48))
        #expect(placement.pane == Rect(x: 96, y: 0, width: 64, height: 48))
    }

    @Test func tallNarrowTerminalPutsThePaneBelow() {
        let placement = InspectorPlacement(terminal: Size(width: 80, height: 60))
        #expect(placement.kind == .below)
        #expect(placement.gameSize == Size(width: 80, height: 36))
        #expect(placement.pane == Rect(x: 0, y: 36, width: 80, height: 24))
    }

    @Test func smallTerminalGetsAnOverlayAndTheGameKeepsItAll() {
        for size in [Size(width: 80, height: 24), Size(width: 100, height: 30), Size(width: 40, height: 12)] {
            let placement = InspectorPlacement(terminal: size)
            #expect(placement.kind == .overlay, "\(size)")
            #expect(placement.gameSize == size)
            #expect(Rect(origin: .zero, size: size).intersection(placement.pane) == placement.pane, "pane inside \(size)")
        }
    }

    /// Whatever the size, the pane never overlaps a game it sits beside or below, and that game
    /// still gets legible cards from its AspectVGrid.
    @Test func sharedRoomNeverOverlapsAndLeavesALegibleGame() {
        for width in stride(from: 20, through: 260, by: 7) {
            for height in stride(from: 8, through: 90, by: 5) {
                let size = Size(width: width, height: height)
                let placement = InspectorPlacement(terminal: size)
                guard placement.kind != .overlay else { continue }
                let game = Rect(origin: .zero, size: placement.gameSize)
                #expect(game.intersection(placement.pane).isEmpty, "\(size)")
                #expect(placement.pane.maxX <= width && placement.pane.maxY <= height, "\(size)")
                #expect(!GameLayout(size: placement.gameSize, cardCount: 20).isTooSmall, "\(size)")
            }
        }
    }

    /// The titles come from one table: each file it names must exist (as ReadmePathsTests does for the README).
    @Test func everySectionNamesAFileThatExists() {
        #expect(InspectorTopic.table.count == InspectorTopic.allCases.count)
        for topic in InspectorTopic.allCases {
            let path = topic.entry.path
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), "\(topic) names \(path)")
            #expect(topic.title(width: 200, ascii: false).hasSuffix(path))
            #expect(topic.title(width: 30, ascii: true).allSatisfy { $0.isASCII })
        }
    }

    static func makeApp(size: Size, clock: VirtualClock, options: AppOptions = AppOptions()) -> MemorizeApplication {
        let themes = ThemeLibrary.builtIn()
        let view = Launcher.makeView(options, clock: clock, size: size, themes: themes,
                                     theme: themes.first { $0.name == "Halloween" }, seed: 42)
        return MemorizeApplication(view: view, checksInvariants: false)
    }

    /// `i` gives the game the room the pane leaves and `i` again gives it all back: the same
    /// screen as a game never inspected, and the run loop's books closed again.
    @Test func closingTheInspectorRestoresTheGameExactly() {
        let size = Size(width: 160, height: 48)
        let clock = VirtualClock(), witnessClock = VirtualClock()
        let app = Self.makeApp(size: size, clock: clock), witness = Self.makeApp(size: size, clock: witnessClock)
        for target in [app, witness] { target.handle(.key(.character("d"))) }
        app.handle(.key(.character("i")))
        #expect(app.router.isInspecting && app.runLoopStats?.isEnabled == true)
        #expect(app.view.size == Size(width: 96, height: 48))
        #expect(app.render(in: size).plainText.contains("@State — Sources/MemorizeApp/Game/GamePage.swift"))
        clock.advance(by: 3)
        witnessClock.advance(by: 3)
        app.handle(.key(.character("i")))
        #expect(!app.router.isInspecting && app.runLoopStats?.isEnabled == false)
        #expect(app.view.size == size)
        #expect(app.render(in: size) == witness.render(in: size))
    }

    /// A server's ranked daily run: `i` would show every face-down card, so it opens nothing.
    @Test func noInspectorInAServersDaily() {
        var options = AppOptions()
        options.isServerDaily = true
        let size = Size(width: 160, height: 48)
        let app = Self.makeApp(size: size, clock: VirtualClock(), options: options)
        app.handle(.key(.character("d")))
        app.handle(.key(.character("i")))
        #expect(!app.router.isInspecting)
        #expect(!app.render(in: size).plainText.contains("@State"))
    }

    @Test func inspectFlagStartsOpenAndTheHelpListsTheKey() {
        var options = AppOptions()
        options.inspect = true
        let app = Self.makeApp(size: Size(width: 80, height: 24), clock: VirtualClock(), options: options)
        #expect(app.router.isInspecting)
        app.handle(.key(.character("?")))
        #expect(app.render(in: Size(width: 80, height: 24)).plainText.contains("inspector"))
    }

    /// A resize while open re-places the pane: the game follows the new room.
    @Test func resizeWhileOpenRefitsTheGame() {
        let app = Self.makeApp(size: Size(width: 80, height: 24), clock: VirtualClock())
        app.handle(.key(.character("i")))
        #expect(app.view.size == Size(width: 80, height: 24))
        app.handle(.resize(Size(width: 160, height: 48)))
        #expect(app.view.size == Size(width: 96, height: 48))
        app.handle(.resize(Size(width: 80, height: 60)))
        #expect(app.view.size == Size(width: 80, height: 36))
    }

    /// `--ascii` holds for the pane too: rules, bars, arrows, dashes and cut text are ASCII.
    @Test(arguments: [Size(width: 160, height: 48), Size(width: 80, height: 24)])
    func asciiInspectorIsPrintableASCII(size: Size) {
        var options = AppOptions()
        options.ascii = true
        options.inspect = true
        let clock = VirtualClock()
        let app = Self.makeApp(size: size, clock: clock, options: options)
        app.handle(.key(.character("d")))
        clock.advance(by: 0.9)
        app.handle(.key(.character("p")))
        let canvas = app.render(in: size)
        #expect(canvas.plainText.contains("TIME PAUSED"))
        let strays = canvas.cells.filter { cell in
            cell.isContinuation || !cell.text.unicodeScalars.allSatisfy { (0x20..<0x7F).contains($0.value) }
        }
        #expect(strays.isEmpty, "\(strays.prefix(3).map(\.text))\n\(canvas.plainText)")
    }
}
