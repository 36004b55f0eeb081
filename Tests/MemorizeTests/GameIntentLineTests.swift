import Testing
import Memorize

@Suite struct GameIntentLineTests {
    @Test(arguments: [
        GameIntent.choose(cardID: 0), .choose(cardID: 9_999), .deal, .shuffle, .restart,
        .newGame(theme: "Halloween", seed: 42), .newGame(theme: "Fête des 🎃", seed: .max),
        .setMode(.solo), .setMode(.hotSeat), .setMode(.computer(.easy)), .setMode(.computer(.hard)),
    ])
    func everyIntentReadsBackAsItself(intent: GameIntent) {
        #expect(GameIntent(line: Substring(intent.line)) == intent)
        let timed = TimedIntent(intent, at: 12.345678901234567, seat: 1)
        #expect(TimedIntent(line: Substring(timed.line)) == timed)
    }

    @Test(arguments: [
        "", "choose", "choose -1", "choose 10000", "choose 1x", "choose  1", "choose +1", "deal ", "deal now",
        "shuffle 2", "restartx", "new", "new 42", "new x Animals", "new 42  Animals", "new 42 Animals ",
        "new 18446744073709551616 Animals", "new 1 Ani\u{1B}[2Jmals", "new 1 \u{202E}slaminA", "new 1 A\u{200B}",
        "CHOOSE 1", "choose ３", String(repeating: "new 1 ", count: 100),
        "mode", "mode ", "mode Solo", "mode  solo", "mode solo ", "mode computer", "mode hot seat",
    ])
    func anythingElseIsRefused(line: String) {
        #expect(GameIntent(line: Substring(line)) == nil)
    }

    @Test(arguments: [
        "1.5 0", "nan 0 deal", "inf 0 deal", "-1 0 deal", "1e9 0 deal", "1 8 deal", "1 -1 deal", "1 10 deal",
        "1 0 deal x", "1.5.2 0 deal", "0x10 0 deal",
    ])
    func timedLinesOutOfBoundsAreRefused(line: String) {
        #expect(TimedIntent(line: Substring(line)) == nil)
    }

    @Test func aThemeNameIsBounded() {
        let longest = String(repeating: "a", count: GameIntent.maximumThemeNameLength)
        #expect(GameIntent(line: Substring("new 1 " + longest)) == .newGame(theme: longest, seed: 1))
        #expect(GameIntent(line: Substring("new 1 " + longest + "a")) == nil)
    }
}
