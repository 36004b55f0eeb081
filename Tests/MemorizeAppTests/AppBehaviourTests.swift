import Testing
import TerminalUI
@testable import MemorizeApp

/// Behaviour through the same path a player uses: a key script on the virtual clock.
@Suite struct AppBehaviourTests {
    /// Seed 42, Halloween: row 0 is 🧙 🧛 🍬 🍬 🎃 🎃 🧛 🦇, row 1 is 🧟 🍭 🦇 🌕 🍭 🌕 🧟 🧙 (8 columns at 80x24).
    private func run(_ body: String) throws -> String {
        let script = try KeyScript.parseGame("size 80x24\nseed 42\ntheme Halloween\n" + body, source: "inline.keys")
        return try HeadlessSession.output(of: script)
    }

    @Test func tooSmallTerminalKeepsTheGame() throws {
        let out = try run("""
        key d
        wait 3s
        key space
        wait 1s
        resize 30x10
        snapshot small
        key right
        key space
        resize 80x24
        wait 1s
        snapshot back
        """)
        let small = out.components(separatedBy: "--- snapshot back")[0]
        #expect(small.contains("Terminal too small (30x10)"))
        #expect(small.contains("Memorize needs at least"))
        #expect(!small.contains("🧙"))
        let back = out.components(separatedBy: "--- snapshot back")[1]
        // The chosen wizard is still face up; keys pressed while too small did nothing.
        #expect(back.contains("🧙"))
        #expect(!back.contains("🧛"))
        #expect(back.contains("Score: 0"))
    }

    @Test func mouseChoosesCardsAndPressesButtons() throws {
        // Card frames at 80x24: 9x6 cards every 10 columns from row 1; the deck sits bottom-centre.
        let out = try run("""
        click 40 20
        wait 3s
        click 4 3
        wait 1s
        snapshot one
        click 14 3
        wait 1s
        snapshot two
        click 74 23
        wait 1s
        snapshot shuffled
        click 18 23
        wait 1s
        snapshot new-game
        """)
        let parts = out.components(separatedBy: "--- snapshot ")
        #expect(parts[1].contains("🧙") && !parts[1].contains("🧛"))
        #expect(parts[2].contains("🧙") && parts[2].contains("🧛"))
        #expect(parts[3].contains("Score: 0"))
        #expect(!parts[4].contains("Halloween"))
        #expect(parts[4].contains(" 16 ") || parts[4].contains(" 20 ") || parts[4].contains(" 12 "), "a new game starts in the deck")
    }

    @Test func expectFailureNamesFileAndLine() throws {
        let script = try KeyScript.parseGame("size 80x24\nseed 1\nkey d\nexpect \"Score: 99\"\n", source: "bad.keys")
        #expect(throws: RunLoop.ScriptFailure.self) { try HeadlessSession.output(of: script) }
        do {
            _ = try HeadlessSession.output(of: script)
        } catch {
            #expect("\(error)".hasPrefix("bad.keys:4: expect \"Score: 99\" failed"))
        }
    }

    @Test func sameSeedSameGame() throws {
        let body = "key d\nwait 3s\nkey space\nkey right\nkey space\nwait 1s\nsnapshot s\n"
        #expect(try run(body) == run(body))
        let other = try KeyScript.parseGame("size 80x24\nseed 43\ntheme Halloween\n" + body, source: "x")
        #expect(try HeadlessSession.output(of: other) != run(body))
    }

    @Test func helpOverlayListsEveryBinding() throws {
        let out = try run("key ?\nsnapshot help\nkey esc\nsnapshot closed\n")
        let help = out.components(separatedBy: "--- snapshot closed")[0]
        for binding in KeyTables.game { #expect(help.contains(binding.summary), "\(binding.summary)") }
        #expect(!out.components(separatedBy: "--- snapshot closed")[1].contains("Keys"))
    }
}
