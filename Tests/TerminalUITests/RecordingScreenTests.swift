import CNcurses
import Foundation
import Testing
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// RecordingScreen in process. It creates an ncurses screen, so these run inside the serialized
/// NcursesTerminalTests suite, one at a time with every other test that touches ncurses.
extension NcursesTerminalTests {
    func recordingPath(_ name: String) throws -> String { try temporaryFile("inprocess-\(name).cast") }

    func sampleCanvas(_ size: Size, title: String) -> Canvas {
        var canvas = Canvas(size: size)
        canvas.put(title, x: 1, y: 0, style: Style(foreground: .rgb(255, 140, 0), bold: true))
        canvas.put("╭──╮ 👻 ok", x: 2, y: 2, style: Style(foreground: .ansi(200), background: .blue))
        canvas.put("bottom-right", x: size.width - 12, y: size.height - 1, style: Style(reverse: true))
        return canvas
    }

    /// setupterm sizes "the screen" from its fd and sets LINES/COLS: looking a TERM up (as the
    /// recording does while the live screen runs) must put them back.
    @Test func terminfoLookupsKeepTheRunningScreensSize() throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let screen = try makeScreen(pty)
        defer { screen.restore() }
        #expect(cn_lines() == 10 && cn_cols() == 40)
        let devNull = open("/dev/null", O_RDWR)
        defer { close(devNull) }
        #expect(TerminalEnvironment.lookUpTerm("xterm-256color", fd: devNull) == .usable)
        #expect(TerminalEnvironment.lookUpTerm("no-such-terminal-xyz", fd: devNull) == .unknown)
        #expect(TerminalGuard.restoreBytes(forTerm: "vt100", fd: devNull) != nil)
        #expect(cn_lines() == 10 && cn_cols() == 40, "\(cn_lines())x\(cn_cols())")
        #expect(screen.size == Size(width: 40, height: 10))
    }

    @Test func recordingAHeadlessScreenOnVirtualTime() throws {
        let path = try recordingPath("headless")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = VirtualClock(start: 100)
        let headless = HeadlessScreen(size: Size(width: 40, height: 10), clock: clock)
        var before = sigaction()
        sigaction(SIGINT, nil, &before)
        let screen = try RecordingScreen(base: headless, writer: AsciicastWriter(path: path), clock: clock,
                                         colorMode: .auto, timestamp: nil)
        var after = sigaction()
        sigaction(SIGINT, nil, &after)
        #expect(unsafeBitCast(after.__sigaction_handler.sa_handler, to: Int.self)
            == unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self), "ncurses took no signal over")
        #expect((screen as Screen) is ResizableScreen)
        screen.present(sampleCanvas(screen.size, title: "first"))
        clock.advance(by: 0.5)
        screen.present(sampleCanvas(screen.size, title: "first"))           // unchanged: no event
        screen.present(sampleCanvas(screen.size, title: "second"))
        #expect(headless.presentedFrames == 3, "every frame still reaches the base screen")
        clock.advance(by: 0.25)
        screen.resize(to: Size(width: 50, height: 12))
        let last = sampleCanvas(screen.size, title: "third")
        screen.present(last)
        clock.advance(by: 1)
        screen.restore()
        screen.restore()                                                      // idempotent

        let cast = try Asciicast(path: path)
        #expect(cast.width == 40 && cast.height == 10 && cast.term == "xterm-256color")
        #expect(cast.events.map(\.time) == [0, 0.5, 0.75, 0.75, 1.75])
        #expect(cast.events.map(\.code) == ["o", "o", "r", "o", "o"])
        #expect(cast.resizes.first?.data == "50x12")
        #expect(cast.events[0].data.contains("first") && cast.events[0].data.contains("38;5;208m"))
        #expect(cast.events[1].data.contains("second") && !cast.events[1].data.contains("bottom-rig"), "only what changed")
        #expect(cast.events[3].data.contains("\u{1B}[H\u{1B}[2J") && cast.events[3].data.contains("bottom-rig"))
        #expect(cast.events[4].data.contains("\u{1B}[?1049l"))
        let replayed = try CastReplay.finalScreen(cast)
        #expect(screenLines(replayed) == screenLines(last.plainText), "replayed:\n\(replayed)")
    }

    @Test func aMonochromeRecordingKeepsAttributesOnly() throws {
        let path = try recordingPath("mono")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = VirtualClock()
        let screen = try RecordingScreen(base: HeadlessScreen(size: Size(width: 30, height: 6), clock: clock),
                                         writer: AsciicastWriter(path: path), clock: clock, colorMode: .monochrome, timestamp: nil)
        screen.present(sampleCanvas(screen.size, title: "mono"))
        screen.restore()
        let output = try Asciicast(path: path).output
        #expect(output.contains("mono") && output.contains("👻"))
        #expect(sgrColourCount(in: output) == 0)
        #expect(!output.contains("38;5;") && !output.contains("48;5;"))
        #expect(output.contains("\u{1B}[0;1m") || output.contains("\u{1B}[1m"))
    }

    /// The live screen on a pseudo-terminal, recorded: both get the frame, the live one keeps
    /// reading keys across the set_term switches, a resize reaches both (ncurses shares window
    /// lists between screens: this is where that would break), and restore leaves the live
    /// terminal as found.
    @Test func recordingALiveScreenLeavesItWorking() throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let before = pty.modes
        let live = try makeScreen(pty)
        let path = try recordingPath("live")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = VirtualClock()
        let screen = try RecordingScreen(base: live, writer: AsciicastWriter(path: path), clock: clock,
                                         colorMode: live.colorMode, timestamp: 1_700_000_000)
        #expect(!((screen as Screen) is ResizableScreen), "a script cannot resize a real terminal")
        _ = pty.drain()

        screen.present(sampleCanvas(screen.size, title: "hello"))
        let first = pty.drain()
        #expect(first.contains("hello") && first.contains("👻") && first.contains("38;5;208m"))
        #expect(cn_lines() == 10 && cn_cols() == 40, "LINES and COLS are the live terminal's again: \(cn_lines())x\(cn_cols())")

        pty.type("\u{1B}OAq")
        #expect(event(live) == .key(.up))
        #expect(screen.nextEvent(timeout: 1) == .key(.character("q")))

        clock.advance(by: 1)
        pty.resize(columns: 50, rows: 12)
        let mask = SignalMask.unblocking([SIGWINCH])
        defer { mask.restore() }
        raise(SIGWINCH)
        #expect(screen.nextEvent(timeout: 1) == .resize(Size(width: 50, height: 12)))
        let bigger = sampleCanvas(screen.size, title: "bigger")
        screen.present(bigger)
        let repaint = pty.drain()
        #expect(repaint.contains("\u{1B}[H\u{1B}[2J") && repaint.contains("bigger") && repaint.contains("bottom-rig"))
        screen.present(bigger)
        #expect(pty.drain().isEmpty, "an unchanged frame still sends nothing live")
        // The inspector's bytes per frame, while recording: what the live terminal was sent.
        let counted = screen.presentCountingBytes(sampleCanvas(screen.size, title: "count"))
        let sent = pty.drain(atLeast: counted ?? 1)
        #expect(sent.contains("count") && counted == sent.count, "counted \(String(describing: counted)), sent \(sent.count)")
        screen.present(bigger)
        _ = pty.drain()
        pty.type("x")
        #expect(screen.nextEvent(timeout: 1) == .key(.character("x")))

        screen.restore()
        let restored = pty.drain()
        #expect(restored.contains("\u{1B}[?1006;1000l") && restored.contains("\u{1B}[?25h") && restored.contains("\u{1B}[?1049l"))
        let after = pty.modes
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag && after.c_oflag == before.c_oflag)
        #expect(screen.nextEvent(timeout: 0) == .terminate)

        let cast = try Asciicast(path: path)
        #expect(cast.width == 40 && cast.height == 10 && cast.header["timestamp"] as? Int == 1_700_000_000)
        #expect(cast.events.map(\.code) == ["o", "r", "o", "o", "o", "o"])
        #expect(cast.resizes.first == .init(time: 1, code: "r", data: "50x12"))
        #expect(!cast.output.contains("1000h"), "the recording never turns the player's mouse on")
        let replayed = try CastReplay.finalScreen(cast)
        #expect(screenLines(replayed) == screenLines(bigger.plainText), "replayed:\n\(replayed)")

        // A new live screen starts cleanly after a recorded one.
        let again = try makeScreen(pty)
        again.restore()
    }
}

extension NcursesTerminalTests {
    /// A recording that cannot be written says so over the top row of the live screen, for
    /// `noticeSeconds`, then the app's top row comes back. The notice is drawn into a whole frame
    /// and diffed like any other: only that row goes out when it comes and when it goes.
    @Test func aFailedRecordingsNoticeComesAndGoesOnTheTopRow() throws {
        let pty = try PseudoTerminal(columns: 40, rows: 10)
        let live = try makeScreen(pty)
        let clock = VirtualClock()
        // /dev/full takes the open and fails the header's write: the recording has failed at once.
        let screen = try RecordingScreen(base: live, writer: AsciicastWriter(path: "/dev/full"), clock: clock,
                                         colorMode: live.colorMode, timestamp: nil)
        defer { screen.restore() }
        #expect(screen.writeError != nil)
        _ = pty.drain()
        let canvas = sampleCanvas(screen.size, title: "hello")

        screen.present(canvas)
        let first = String(decoding: pty.drain(), as: UTF8.self)
        #expect(first.contains("Recording stopped") && !first.contains("hello") && first.contains("bottom-rig"),
                "the notice covers the title: \(first.debugDescription)")
        clock.advance(by: 1)
        screen.present(canvas)
        #expect(pty.drain().isEmpty, "the notice still shows: nothing changed")

        clock.advance(by: RecordingScreen<NcursesScreen>.noticeSeconds)
        screen.present(canvas)
        let gone = String(decoding: pty.drain(), as: UTF8.self)
        #expect(gone.contains("hello") && !gone.contains("Recording") && !gone.contains("bottom-rig") && !gone.contains("👻"),
                "only the top row, the app's again: \(gone.debugDescription)")
        screen.present(canvas)
        #expect(pty.drain().isEmpty)
    }

    func titleCanvas(_ size: Size, _ right: String) -> Canvas {
        var canvas = Canvas(size: size)
        canvas.put(" Vehicles", x: 0, y: 0, style: Style(foreground: .rgb(200, 80, 80), bold: true))
        canvas.put(right, x: size.width - right.count, y: 0, style: .plain)
        return canvas
    }

    /// What the live screen's ncurses believes is on the terminal (curscr) must stay true while a
    /// recording runs beside it: right-aligned text that shrinks after a resize must blank its
    /// old first cell.
    @Test(arguments: [false, true])
    func theLiveScreenStaysInSyncWhileRecording(resize: Bool) throws {
        let pty = try PseudoTerminal(columns: 80, rows: 24)
        let live = try makeScreen(pty, term: "tmux-256color")
        let path = try recordingPath("sync")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = VirtualClock()
        let screen = try RecordingScreen(base: live, writer: AsciicastWriter(path: path), clock: clock,
                                         colorMode: live.colorMode, timestamp: nil)
        defer { screen.restore() }
        screen.present(titleCanvas(screen.size, "Pairs left: 10"))
        if resize {
            pty.resize(columns: 96, rows: 28)
            let mask = SignalMask.unblocking([SIGWINCH])
            defer { mask.restore() }
            raise(SIGWINCH)
            #expect(screen.nextEvent(timeout: 1) == .resize(Size(width: 96, height: 28)))
            screen.present(titleCanvas(screen.size, "Pairs left: 10"))
        }
        _ = pty.drain()
        screen.present(titleCanvas(screen.size, "Pairs left: 9"))
        let output = String(decoding: pty.drain(), as: UTF8.self)
        let column = screen.size.width - 14 + 1        // 1-based column of the old "P"
        #expect(output.contains("\u{1B}[1;\(column)H") || output.contains(" Pairs"), "the old P is overwritten: \(output.debugDescription)")
    }
}
