import Testing
import MemorizeStore
import TerminalUI
@testable import MemorizeApp

/// Ctrl-C in the theme editor never throws a changed theme away silently: like esc, it asks first.
@Suite struct ThemeEditorQuitTests {
    @Test func ctrlCWithNothingChangedQuitsAtOnce() {
        let h = ThemeHarness()
        h.press("t")
        h.press("a")
        h.press(.control("c"))
        #expect(h.router.exitCode == 0)
    }

    @Test func ctrlCWithUnsavedChangesAsksOnceThenQuits() {
        let store = InMemoryThemes()
        let h = ThemeHarness(userThemes: store)
        h.press("t")
        h.press("a")
        h.type("Spooky")
        h.press(.control("c"))
        #expect(h.router.exitCode == nil, "a changed theme: ctrl-c asks first")
        #expect(h.router.page == .editor)
        #expect(h.text.contains("Unsaved changes: ctrl-c again quits without saving"))
        h.type("X")                     // any other key ends the question
        #expect(!h.text.contains("Unsaved changes"))
        h.press(.control("c"))
        #expect(h.router.exitCode == nil, "the question was ended: it asks again")
        h.press(.control("c"))
        #expect(h.router.exitCode == 0)
    }

    @Test func theQuestionLeavesTimeToSave() {
        let store = InMemoryThemes()
        let h = ThemeHarness(userThemes: store)
        h.press("t")
        h.press("a")
        h.type("Spooky")
        h.press(.tab)
        h.type("👻")
        h.press(.enter)
        h.type("🎃")
        h.press(.enter)
        h.press(.control("c"))
        h.press(.control("s"))
        #expect(h.router.exitCode == nil)
        #expect(store.themes.map(\.name) == ["Spooky"])
        // Saved: nothing is lost any more, so ctrl-c quits at once.
        h.press(.control("c"))
        #expect(h.router.exitCode == 0)
    }

    @Test func escAndCtrlCEachNeedTheirOwnSecondPress() {
        let h = ThemeHarness()
        h.press("t")
        h.press("a")
        h.type("X")
        h.press(.escape)
        h.press(.control("c"))
        #expect(h.router.exitCode == nil, "esc asked about leaving; ctrl-c asks about quitting")
        #expect(h.text.contains("ctrl-c again quits"))
        h.press(.escape)
        #expect(h.router.page == .editor, "ctrl-c asked about quitting; esc asks about leaving")
        h.press(.escape)
        #expect(h.router.page == .chooser)
        #expect(h.router.exitCode == nil)
    }
}
