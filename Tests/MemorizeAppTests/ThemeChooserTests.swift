import Testing
import MemorizeStore
import Memorize
import TerminalUI
import ThemeFormat
@testable import MemorizeApp

/// The theme chooser (assignment 6), through the player's keys and clicks.
@Suite struct ThemeChooserTests {
    /// Seed 42, Halloween at 80x24: cards 2 and 3 are the two sweets (see game-80x24.keys).
    private func gameWithAMatchedPair() -> ThemeHarness {
        let h = ThemeHarness()
        h.press("d")
        h.advance(3)
        h.press(.right, 2)
        h.press("space")
        h.press(.right)
        h.press("space")
        h.advance(1)
        return h
    }

    /// The list line naming `theme` (the title line says which theme is playing, so it is skipped).
    private func listRow(_ h: ThemeHarness, _ theme: String) -> String? {
        h.text.components(separatedBy: "\n").dropFirst(ThemeChooserView.listTop).first { $0.dropFirst(3).hasPrefix(theme + " ") }
    }

    @Test func leavingForTheChooserAndComingBackKeepsTheGameExactly() {
        let h = gameWithAMatchedPair()
        let cards = h.view.game.cards, dealt = h.view.dealt, focus = h.view.focusIndex
        #expect(h.view.game.score == 4)
        let before = h.render()

        h.press("t")
        #expect(h.router.page == .chooser)
        #expect(h.text.contains("playing: Halloween"))
        h.press("j", 2)
        h.press(.escape)
        // Whole seconds later the matched pair's 1 s spin is back where it was: same cells, same styles.
        h.advance(2)
        #expect(h.router.page == .game)
        #expect(h.view.game.cards == cards)
        #expect(h.view.dealt == dealt)
        #expect(h.view.focusIndex == focus)
        #expect(h.render() == before)

        // Enter on the theme being played is not a change of theme either.
        h.press("t")
        h.press(.enter)
        h.advance(1)
        #expect(h.view.game.cards == cards)
        #expect(h.render() == before)
    }

    @Test func enterPlaysThePickedTheme() {
        let h = gameWithAMatchedPair()
        h.press("t")
        h.press("j")
        h.press(.enter)
        h.advance(1)
        #expect(h.router.page == .game)
        #expect(h.view.game.theme.name == "Vehicles")
        #expect(h.view.game.score == 0)
        #expect(h.view.dealt.isEmpty, "a new game starts in the deck")
        #expect(h.view.game.cards.count == 20)
    }

    @Test func aClickPicksARowAndASecondClickPlaysIt() {
        let h = ThemeHarness()
        h.press("t")
        // Rows start at line 3: Halloween, Vehicles, Animals…
        h.click(Point(x: 10, y: 5))
        #expect(h.router.chooser.selected?.theme.name == "Animals")
        #expect(h.router.page == .chooser)
        h.click(Point(x: 10, y: 0))
        #expect(h.router.chooser.selected?.theme.name == "Animals", "a click off the list changes nothing")
        h.click(Point(x: 10, y: 5))
        #expect(h.router.page == .game)
        #expect(h.view.game.theme.name == "Animals")
    }

    @Test func userThemesAreListedMarkedAndPlayable() {
        let spooky = Theme.sample("Spooky", ["👻", "🎃", "🦇"])
        let h = ThemeHarness(userThemes: InMemoryThemes([spooky]))
        #expect(h.view.game.themes.map(\.name).contains("Spooky"))
        h.press("t")
        #expect(listRow(h, "Spooky")?.contains("yours") == true)
        #expect(listRow(h, "Halloween")?.contains("built-in") == true)
        h.press("j", 11)
        h.press(.enter)
        #expect(h.view.game.theme == spooky)
        #expect(h.view.game.cards.count == 6)
    }

    @Test func aUserThemeTakingABuiltInNameIsListedButNotPlayed() {
        let impostor = Theme.sample("halloween", ["👻", "🎃"])
        let h = ThemeHarness(theme: "Vehicles", userThemes: InMemoryThemes([impostor]))
        #expect(!h.view.game.themes.contains(impostor), "the view model never plays it")
        h.press("t")
        #expect(listRow(h, "halloween")?.contains("! cannot play") == true)
        h.press("j", 11)
        #expect(h.text.contains("\"halloween\" cannot be played: a built-in theme is called \"Halloween\""))
        h.press(.enter)
        #expect(h.router.page == .chooser)
        #expect(h.view.game.theme.name == "Vehicles")
        #expect(h.text.contains("\"halloween\" cannot be played"))
    }

    @Test func builtInsAreNeitherEditedNorDeleted() {
        let store = InMemoryThemes()
        let h = ThemeHarness(userThemes: store)
        h.press("t")
        h.press("e")
        #expect(h.router.page == .chooser)
        #expect(h.text.contains("is built in and cannot be edited"))
        h.press("x")
        #expect(h.text.contains("is built in and cannot be deleted"))
        h.press("y")
        #expect(h.view.game.themes.count == ThemeLibrary.builtIn().count)
        #expect(store.themes.isEmpty)
    }

    @Test func deletingAsksFirstAndOnlyYDeletes() {
        let store = InMemoryThemes([Theme.sample("Spooky", ["👻", "🎃"]), Theme.sample("Sweets", ["🍬", "🍭"])])
        let h = ThemeHarness(userThemes: store)
        h.press("t")
        h.press("j", 11)
        h.press("x")
        #expect(h.text.contains("Delete \"Spooky\"? y deletes it, n keeps it"))
        h.press("d")   // any key but y keeps it
        #expect(store.themes.count == 2)
        #expect(h.text.contains("Kept \"Spooky\""))
        h.press("x")
        h.press("y")
        #expect(store.themes.map(\.name) == ["Sweets"])
        #expect(h.view.game.themes.last?.name == "Sweets")
        #expect(listRow(h, "Spooky") == nil)
        #expect(h.text.contains("Deleted \"Spooky\""))
        #expect(h.router.chooser.selected?.theme.name == "Sweets", "the pick stays where it was")
    }

    @Test func aFailedDeleteIsShownAndTheThemeKept() {
        let store = FailingThemes([Theme.sample("Spooky", ["👻", "🎃"])])
        let h = ThemeHarness(userThemes: store)
        h.press("t")
        h.press("j", 11)
        h.press("x")
        h.press("y")
        #expect(store.attempts == 1)
        #expect(h.text.contains("Not saved: no space left on device"))
        #expect(h.text.contains("Spooky"))
        #expect(h.view.game.themes.contains { $0.name == "Spooky" })
    }

    @Test func theListScrollsToKeepThePickInView() {
        let many = (1...20).map { Theme.sample("Mine \($0)", ["👻", "🎃"]) }
        let h = ThemeHarness(userThemes: InMemoryThemes(many))
        h.press("t")
        #expect(listRow(h, "Halloween") != nil)
        #expect(listRow(h, "Mine 20") == nil)
        h.press(.down, 40)
        #expect(h.router.chooser.selected?.theme.name == "Mine 20", "stops at the last row")
        #expect(listRow(h, "Mine 20") != nil)
        #expect(listRow(h, "Halloween") == nil)
        // A click on the last visible row picks exactly the theme drawn there.
        let rows = h.text.components(separatedBy: "\n")
        let y = rows.lastIndex { $0.contains("Mine 19") }!
        h.click(Point(x: 5, y: y))
        #expect(h.router.chooser.selected?.theme.name == "Mine 19")
    }

    @Test func theStoreWarningIsShownInTheChooser() {
        let store = FailingThemes()
        store.warning = "User themes: themes.json:3:5: bad JSON; the file is kept as it is"
        let h = ThemeHarness(userThemes: store)
        h.press("t")
        #expect(h.text.contains("themes.json:3:5: bad JSON"))
    }
}
