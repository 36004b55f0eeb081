import Testing
import TerminalUI

@Suite struct KeyScriptPlayerTests {
    private func player(_ text: String, start: Double = 100) throws -> KeyScriptPlayer {
        KeyScriptPlayer(script: try KeyScript.parseForTest(text, source: "p.keys"), startTime: start)
    }

    @Test func keysBeforeTheFirstWaitAreDueAtStartAndWaitMovesTheRest() throws {
        let p = try player("seed 1\nkey d\nkey s\nwait 500ms\nkey x\nsnapshot one")
        #expect(p.nextDueTime() == 100)
        #expect(p.dueSteps(at: 99.9).isEmpty)
        #expect(p.dueSteps(at: 100) == [.event(.key(.character("d")), line: 2), .event(.key(.character("s")), line: 3)])
        #expect(p.nextDueTime() == 100.5)
        #expect(p.dueSteps(at: 100.49).isEmpty)
        #expect(!p.isFinished)
        #expect(p.dueSteps(at: 100.5) == [.event(.key(.character("x")), line: 5), .snapshot("one", line: 6)])
        #expect(p.isFinished)
        #expect(p.nextDueTime() == nil)
        #expect(p.dueSteps(at: 1000).isEmpty)
    }

    @Test func repeatCountsAndTypedTextExpand() throws {
        let p = try player("key right 3\ntype \"a b\\n\"\nclick 4 2\nresize 90x30\nexpect \"Score\"\ntheme Faces")
        let enter = Event.key(.enter), right = Event.key(.right)
        #expect(p.dueSteps(at: 100) == [
            .event(right, line: 1), .event(right, line: 1), .event(right, line: 1),
            .event(.key(.character("a")), line: 2), .event(.key(.character(" ")), line: 2),
            .event(.key(.character("b")), line: 2), .event(enter, line: 2),
            .event(.mouse(MouseEvent(.click, at: Point(x: 4, y: 2))), line: 3),
            .event(.resize(Size(width: 90, height: 30)), line: 4),
            .expect("Score", line: 5), .command("theme", argument: "Faces", line: 6),
        ])
        #expect(p.isFinished)
    }

    @Test func aLateClockGetsEverythingDueInOrderAndWaitsAddUp() throws {
        let p = try player("key a\nwait 1s\nkey b\nwait 250ms\nwait 250ms\nkey c\nwait 2s\nkey d")
        #expect(p.dueSteps(at: 101.6).map(\.lineForTest) == [1, 3, 6])
        #expect(p.nextDueTime() == 103.5)
        #expect(p.dueSteps(at: 103.5).map(\.lineForTest) == [8])
    }

    @Test func trailingWaitsHoldTheRunOpen() throws {
        let p = try player("key q\nwait 1s\nwait 1s")
        #expect(p.dueSteps(at: 100).count == 1)
        #expect(!p.isFinished)
        #expect(p.nextDueTime() == 102)
        #expect(p.dueSteps(at: 101).isEmpty)
        #expect(!p.isFinished)
        #expect(p.dueSteps(at: 102).isEmpty)
        #expect(p.isFinished)
    }

    @Test func anEmptyScriptIsFinishedAtOnce() throws {
        let p = try player("size 10x5\nseed 2\n# nothing to do")
        #expect(p.isFinished)
        #expect(p.nextDueTime() == nil)
        #expect(p.dueSteps(at: 100).isEmpty)
    }
}

extension KeyScriptPlayer.Step {
    var lineForTest: Int {
        switch self {
        case .event(_, let line), .snapshot(_, let line), .expect(_, let line), .command(_, _, let line): return line
        }
    }
}
