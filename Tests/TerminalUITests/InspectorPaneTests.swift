import Testing
@testable import TerminalUI

/// The toolkit's side of the inspector: how the pane shares its rows, the Animator's list of
/// running animations, and the texts (numbers, bars, columns).
@Suite struct InspectorPaneTests {
    static func section(_ count: Int, minimum: Int = 2) -> InspectorSection {
        InspectorSection(title: "t", lines: (0..<count).map { InspectorLine("line \($0)") }, minimumLines: minimum)
    }

    @Test func everySectionKeepsItsMinimumAndTheRestIsShared() {
        let sections = [Self.section(20, minimum: 3), Self.section(2), Self.section(40, minimum: 4), Self.section(2)]
        #expect(InspectorPane.budget(sections, rows: 20) == [6, 2, 6, 2])
        #expect(InspectorPane.budget(sections, rows: 100) == [20, 2, 40, 2])
        #expect(InspectorPane.budget(sections, rows: 4) == [0, 0, 0, 0])
        #expect(InspectorPane.budget(sections, rows: 9).reduce(0, +) == 5)
    }

    @Test func aCutSectionScrollsToItsHighlightedLine() {
        var section = Self.section(10)
        section.lines[8].highlight = 0..<2
        #expect(InspectorPane.firstShown(of: section, showing: 3) == 6)
        section.lines[8].highlight = nil
        #expect(InspectorPane.firstShown(of: section, showing: 3) == 0)
    }

    @Test func runningAnimationsAreListedInOrderWithProgress() {
        let clock = VirtualClock()
        let animator = Animator(clock: clock)
        animator.setTarget(AnimationKey(3, "x"), 0, animation: nil)
        animator.setTarget(AnimationKey(1, "y"), 0, animation: nil)
        animator.setTarget(AnimationKey(3, "x"), 10, animation: .linear(duration: 1))
        animator.setTarget(AnimationKey(1, "y"), 4, animation: .easeInOut(duration: 0.5).delay(1))
        clock.advance(by: 0.25)
        let running = animator.runningAnimations(at: clock.now)
        #expect(running.map(\.key) == [AnimationKey(1, "y"), AnimationKey(3, "x")])
        #expect(running[0].isDelayed && running[0].progress == 0 && running[0].animation.delay == 1)
        #expect(running[1].progress == 0.25 && running[1].presented as? Double == 2.5 && running[1].from as? Double == 0
                && running[1].to as? Double == 10)
        let lines = AnimatorInspector.lines(running, label: { "\($0.id).\($0.property)" }, width: 60, ascii: true)
        #expect(lines[1].text.hasPrefix("3.x 0->10 linear 1s"))
        #expect(lines[1].text.hasSuffix("25%") && lines[0].text.hasSuffix("wait"))
        clock.advance(by: 2)
        #expect(animator.runningAnimations(at: clock.now).isEmpty)
    }

    @Test func textsReadAsALearnerWritesThem() {
        #expect(InspectorText.number(180) == "180")
        #expect(InspectorText.number(12.5) == "12.5")
        #expect(InspectorText.number(0.833) == "0.83")
        #expect(InspectorText.number(1.25) == "1.25")
        #expect(InspectorText.bar(0.5, width: 8, ascii: true) == "####----")
        #expect(InspectorText.fit("abcdef", width: 4) == "abc…")
        let lines = InspectorText.columns(["aa", "bbbb", "c"], width: 11, gap: 2, highlighted: 1)
        #expect(lines.map(\.text) == ["aa    bbbb", "c"])
        #expect(lines[0].highlight == 6..<10)
    }

    @Test func frozenTimeStandsStillAndStepsByExactlyWhatItIsTold() {
        let base = VirtualClock(start: 5)
        let clock = FreezableClock(base: base)
        #expect(clock.now == 5)
        clock.freeze()
        base.advance(by: 10)
        #expect(clock.now == 5 && clock.isFrozen)
        clock.step(by: 0.5)
        #expect(clock.now == 5.5)
        clock.thaw()
        base.advance(by: 1)
        #expect(clock.now == 6.5 && !clock.isFrozen)
        clock.step(by: 3)
        #expect(clock.now == 6.5)
    }

    /// A frame is drawn at one moment: while `holding`, app time stands where it began, and
    /// afterwards it is the base clock's again, nothing lost (unlike a freeze).
    @Test func heldTimeStandsForOneFrameAndLosesNothing() {
        let base = VirtualClock(start: 5)
        let clock = FreezableClock(base: base)
        let seen = clock.holding {
            base.advance(by: 0.25)
            return clock.holding { clock.now }          // nested: the outer moment stands
        }
        #expect(seen == 5)
        #expect(clock.now == 5.25)
        clock.freeze()
        base.advance(by: 1)
        #expect(clock.holding { clock.now } == 5.25)    // frozen time, held, stays frozen
        clock.thaw()
        #expect(clock.now == 5.25)
    }

    @Test func statsAreOffUntilAskedAndCountTheLastSecond() {
        let stats = RunLoopStats()
        #expect(!stats.isEnabled)
        for frame in 0..<45 { stats.didDraw(at: Double(frame) / 30, cost: nil, bytes: nil) }
        #expect(stats.framesPerSecond == 30 && stats.framesDrawn == 45)
        #expect(stats.lines(ascii: true)[0].contains("last frame -"))
        stats.willDraw(idle: true)
        #expect(stats.lines()[1] == "idle: blocked in input, no timer")
    }
}
