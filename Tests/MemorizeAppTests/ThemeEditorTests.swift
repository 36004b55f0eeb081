import Testing
import MemorizeStore
import Memorize
import TerminalUI
import ThemeFormat
@testable import MemorizeApp

/// The theme editor (assignment 6): what it accepts, what it refuses and why, and saving.
@Suite struct ThemeEditorTests {
    private func blankOnEmojiField(ascii: Bool = false) -> ThemeEditor {
        var editor = ThemeEditor.blank(ascii: ascii)
        editor.focus(.emoji)
        return editor
    }

    private func adding(_ text: String, to editor: inout ThemeEditor) {
        for character in text { editor.type(character) }
        editor.addTyped()
    }

    @Test func aPasteArrivingOneCodePointAtATimeIsJudgedWhole() {
        var editor = blankOnEmojiField()
        // What ncurses delivers for a pasted ❤️: U+2764, then U+FE0F.
        editor.type("\u{2764}")
        editor.type("\u{FE0F}")
        #expect(editor.typed.count == 1, "one grapheme, judged as one")
        editor.addTyped()
        #expect(editor.draft.emoji.isEmpty)
        #expect(editor.message?.isError == true)
        #expect(editor.message?.text.contains("U+2764 U+FE0F is 2 code points") == true)
        #expect(editor.typed.isEmpty)
    }

    @Test(arguments: [
        ("🧛\u{200D}♂\u{FE0F}", "4 code points"),      // a ZWJ sequence
        ("♥", "not an emoji two columns wide"),         // one code point, one column (glibc wcwidth)
        ("🕷", "not an emoji two columns wide"),
        ("a", "not an emoji two columns wide"),
        ("👍🏽", "2 code points"),                       // a skin tone
        ("🇫🇷", "2 code points"),                         // a flag
    ])
    func refusesWhatWouldBreakTheGrid(candidate: String, reason: String) {
        var editor = blankOnEmojiField()
        adding(candidate, to: &editor)
        #expect(editor.draft.emoji.isEmpty)
        #expect(editor.message?.text.contains(reason) == true, "\(editor.message?.text ?? "no message")")
    }

    @Test func refusesDuplicatesAndKeepsTheGoodPartOfAPaste() {
        var editor = blankOnEmojiField()
        adding("👻🎃", to: &editor)
        #expect(editor.draft.emoji == ["👻", "🎃"])
        #expect(editor.message == .init(text: "Added 👻 🎃", isError: false))
        adding("🦇👻x💀", to: &editor)
        #expect(editor.draft.emoji == ["👻", "🎃", "🦇", "💀"])
        #expect(editor.message?.text == "Added 🦇 💀; not added: 👻 is already in this theme (and 1 more not added)")
    }

    @Test func underASCIIRefusalsNameCodePointsOnly() {
        var editor = blankOnEmojiField(ascii: true)
        adding("👻👻", to: &editor)
        #expect(editor.message?.text == "Added U+1F47B; not added: U+1F47B is already in this theme")
    }

    @Test func pairsStayBetweenTwoAndTheNumberOfEmoji() {
        var editor = blankOnEmojiField()
        adding("👻🎃🦇💀", to: &editor)
        #expect(editor.draft.pairs == 4, "the pairs follow the emoji until the player lowers them")
        editor.focus(.pairs)
        editor.adjust(1)
        #expect(editor.draft.pairs == 4)
        editor.adjust(-5)
        #expect(editor.draft.pairs == 2)
        editor.adjust(1)
        editor.focus(.emoji)
        adding("🍬", to: &editor)
        #expect(editor.draft.pairs == 3, "lowered by the player: a new emoji does not raise it")
        editor.removePickedEmoji()
        editor.removePickedEmoji()
        editor.removePickedEmoji()
        #expect(editor.draft.emoji == ["👻", "🎃"])
        #expect(editor.draft.pairs == 2)
    }

    @Test func asciiFacesFollowTheEmojiSoTheThemeStaysValid() {
        let halloween = ThemeLibrary.builtIn().first { $0.name == "Halloween" }!
        var editor = ThemeEditor(.copy(of: "Halloween"), theme: halloween, ascii: false)
        editor.focus(.emoji)
        editor.adjust(-100)             // the first emoji, 👻 (ASCII "G")
        editor.removePickedEmoji()
        adding("🕸🐈", to: &editor)   // 🕸 is one column wide: refused; 🐈 joins
        #expect(editor.draft.emoji.count == 12)
        #expect(editor.draft.ascii?.count == 12)
        #expect(editor.draft.ascii?.last == "A", "the first letter the theme did not use")
        #expect(ThemeValidator.terminal.problems(of: editor.themeToSave).map(\.description).isEmpty)
    }

    @Test func aThemeHoldsAtMostTwentyFourEmoji() {
        var editor = blankOnEmojiField()
        let many = (0..<30).map { String(Character(Unicode.Scalar(0x1F400 + $0)!)) }.joined()
        adding(many, to: &editor)
        #expect(editor.draft.emoji.count == ThemeRules.maxEmoji)
        #expect(editor.message?.text.contains("at most 24 emoji") == true)
    }

    @Test func typingGoesToTheFocusedField() {
        var editor = ThemeEditor.blank(ascii: false)
        for c in "Spooky" { editor.type(c) }
        editor.deleteBackward()
        #expect(editor.draft.name == "Spook")
        editor.moveField(2)
        editor.type("5")
        #expect(editor.field == .pairs)
        #expect(editor.message?.text == "Use ← and → to change the pairs")
        editor.moveField(-3)
        #expect(editor.field == .color, "fields wrap round")
        let before = editor.draft.color
        editor.adjust(1)
        #expect(editor.draft.color != before)
    }

    // MARK: - Saving, through the view

    private func addSpooky(_ h: ThemeHarness) {
        h.press("t")
        h.press("a")
        h.type("Spooky")
        h.press(.tab)
        h.type("👻🎃🦇")
        h.press(.enter)
    }

    @Test func aFailedSaveKeepsTheDraftAndSaysWhy() {
        let store = FailingThemes()
        let h = ThemeHarness(userThemes: store)
        addSpooky(h)
        h.press(.control("s"))
        #expect(store.attempts == 1)
        #expect(h.router.page == .editor)
        #expect(h.text.contains("Not saved: no space left on device"))
        #expect(h.router.editor?.draft.emoji == ["👻", "🎃", "🦇"])
        store.failing = false
        h.press(.control("s"))
        #expect(h.router.page == .chooser)
        #expect(store.themes.map(\.name) == ["Spooky"])
        #expect(h.view.game.themes.last?.emoji == ["👻", "🎃", "🦇"])
    }

    @Test func enterSavesFromAnyFieldButAddsWhatIsTyped() {
        let store = InMemoryThemes()
        let h = ThemeHarness(userThemes: store)
        addSpooky(h)
        #expect(h.router.page == .editor, "enter with emoji typed adds them")
        h.press(.enter)
        #expect(h.router.page == .chooser, "enter with nothing typed saves")
        #expect(store.themes.count == 1)
    }

    @Test func editingReplacesTheThemeInPlace() {
        let store = InMemoryThemes([Theme.sample("Spooky", ["👻", "🎃"]), Theme.sample("Sweets", ["🍬", "🍭"])])
        let h = ThemeHarness(userThemes: store)
        h.press("t")
        h.press("j", 11)
        h.press("e")
        #expect(h.text.contains("Edit \"Spooky\""))
        h.press(.backspace, 6)
        h.type("  Ghosts ")
        h.press(.control("s"))
        #expect(store.themes.map(\.name) == ["Ghosts", "Sweets"], "renamed where it was, spaces trimmed")
        #expect(h.router.chooser.selected?.theme.name == "Ghosts")
    }

    @Test func cannotTakeANameThatIsAlreadyUsed() {
        let store = InMemoryThemes([Theme.sample("Spooky", ["👻", "🎃"])])
        let h = ThemeHarness(userThemes: store)
        h.press("t")
        h.press("a")
        h.type("SPOOKY")
        h.press(.tab)
        h.type("🍬🍭")
        h.press(.enter)
        h.press(.control("s"))
        #expect(h.text.contains("Cannot save: there is already a theme called \"Spooky\""))
        #expect(store.themes.count == 1)
    }

    @Test func escWithUnsavedChangesAsksOnceThenLeaves() {
        let store = InMemoryThemes()
        let h = ThemeHarness(userThemes: store)
        h.press("t")
        h.press("a")
        h.press(.escape)
        #expect(h.router.page == .chooser, "nothing changed: leaves at once")
        h.press("a")
        h.type("X")
        h.press(.escape)
        #expect(h.router.page == .editor)
        #expect(h.text.contains("Unsaved changes"))
        h.type("Y")                     // any other key ends the question
        h.press(.escape)
        #expect(h.router.page == .editor)
        h.press(.escape)
        #expect(h.router.page == .chooser)
        #expect(store.themes.isEmpty)
    }

    @Test func clicksFocusFieldsAndPickColours() {
        let h = ThemeHarness()
        h.press("t")
        h.press("a")
        let rows = h.text.components(separatedBy: "\n")
        let colourRow = rows.firstIndex { $0.contains("Colour") }!
        h.click(Point(x: ThemeEditorView.valueX + 4 * 3 + 1, y: colourRow))
        #expect(h.router.editor?.field == .color)
        #expect(h.router.editor?.colorIndex == 3)
        h.click(Point(x: 4, y: rows.firstIndex { $0.contains("Pairs") }!))
        #expect(h.router.editor?.field == .pairs)
    }
}

/// Names come from the player (typed or pasted) and are printed everywhere: refused when they
/// hold controls or bidi characters, bounded in bytes as well as characters, at a cost per key
/// that does not grow with what was typed before.
@Suite struct ThemeEditorNameTests {
    private func onName() -> ThemeEditor {
        var editor = ThemeEditor.blank(ascii: false)
        editor.focus(.name)
        return editor
    }

    @Test(arguments: ["\u{1B}", "\u{202E}", "\u{9B}", "\u{7F}", "\u{2066}"])
    func controlAndBidiCharactersAreRefusedWithAMessage(character: String) {
        var editor = onName()
        for c in "Evil" { editor.type(c) }
        editor.type(Character(character))
        #expect(editor.draft.name == "Evil")
        #expect(editor.message?.isError == true)
        #expect(editor.message?.text.contains("control or bidi character") == true, "\(editor.message?.text ?? "")")
        #expect(ThemeRules.nameProblem("Evil" + character, otherNames: [])?.contains("control or bidi") == true)
    }

    @Test func aPasteOfCombiningMarksIsCutAtTheByteLimit() {
        var editor = onName()
        editor.type("Z")
        for _ in 0..<20_000 { editor.type("\u{301}") }
        #expect(editor.draft.name.utf8.count <= ThemeRules.maxNameBytes)
        #expect(editor.draft.name.count == 1)
        #expect(editor.message?.isError == true)
        #expect(ThemeRules.nameProblem("Z" + String(repeating: "\u{301}", count: 100), otherNames: [])?.contains("bytes") == true)
    }

    @Test func theEmojiFieldHoldsABoundedPaste() {
        var editor = ThemeEditor.blank(ascii: false)
        editor.focus(.emoji)
        for _ in 0..<100_000 { editor.type("👻") }
        #expect(editor.typed.utf8.count <= ThemeRules.maxTypedBytes)
        #expect(editor.message?.text.contains("enter") == true)
    }
}
