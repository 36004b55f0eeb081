import MemorizeStore
import MemorizeTestSupport
import TerminalUI
import ThemeFormat
@testable import Memorize
@testable import MemorizeApp

/// What the random-game tests share (GameFrameTests, MatchedFramesTests): the same seeded random
/// game played in one app or in twins (one drawn at every frame, one now and then), checked
/// frame by frame. One way to make an app, one set of sizes and keys, and one random-input driver.
enum TwinApps {
    static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 54, height: 16),
                        Size(width: 200, height: 60), Size(width: 30, height: 10)]
    static let keys: [Key] = [.character("d"), .character(" "), .character(" "), .character(" "), .left, .right, .up, .down,
                              .character("s"), .character("r"), .character("n"), .character("?"), .escape,
                              .character("t"), .enter, .character("h"), .character("l")]

    static func makeApp(size: Size, seed: UInt64, clock: VirtualClock, mode: GameMode = .solo) -> MemorizeApplication {
        let themes = ThemeLibrary.builtIn()
        var options = AppOptions()
        options.mode = mode
        let view = Launcher.makeView(options, clock: clock, size: size, themes: themes,
                                     theme: themes[Int(seed) % themes.count], seed: seed)
        return MemorizeApplication(view: view, checksInvariants: false)
    }
}

/// Seeded random input of every kind: keys, clicks anywhere, now and then a resize. Each draw is
/// a number below 10: `keyDraws` give a key, `clickDraws` a click, and `resizeDraw` a resize (one
/// time in `resizeOneIn` when set); anything else, nothing. The generator is the test's too (its
/// clock steps), so a seed replays the whole game.
struct RandomInput {
    var random: SeededRandomNumberGenerator
    var keys = TwinApps.keys
    var keyDraws = 0..<5
    var clickDraws = 5..<8
    var resizeDraw = 8
    var resizeOneIn: Int? = 20

    init(seed: UInt64) { random = SeededRandomNumberGenerator(seed: seed) }

    /// The next input for a terminal of `size`; a resize changes `size`.
    mutating func next(size: inout Size) -> Event? {
        let draw = random.below(10)
        if keyDraws.contains(draw) { return .key(random.pick(keys)) }
        if clickDraws.contains(draw) {
            return .mouse(MouseEvent(.press, at: Point(x: random.below(size.width), y: random.below(size.height))))
        }
        guard draw == resizeDraw, resizeOneIn.map({ random.chance($0) }) ?? true else { return nil }
        size = random.pick(TwinApps.sizes)
        return .resize(size)
    }
}
