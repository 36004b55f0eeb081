import Foundation
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension ServerTests.Tables {
    /// A watcher never types: --idle-timeout does not end it while its table lives (the seats,
    /// who type, are still held to it), and it leaves when the table ends.
    @Test func aWatcherIsNotTimedOutWhileItsTableLives() throws {
        let scene = try Scene(["--idle-timeout", "2s", "--seat-hold", "1s"])
        defer { scene.close() }
        let bob = try scene.join("bob")
        defer { bob.close() }
        try bob.waitFor("alice's turn")
        let carol = try scene.join("carol", command: "watch")
        defer { carol.close() }
        try carol.waitFor("watching")
        // The seats keep typing for three idle timeouts; the watcher does not type at all.
        for _ in 0..<12 {
            try scene.alice.sendKeys("Right")
            try bob.sendKeys("Right")
            usleep(500_000)
        }
        #expect(carol.exitCode() == nil, "the watcher was ended: \(carol.stderrText)")
        #expect(!(carol.stderrText.contains("no input for")))
        try carol.waitFor("watching")
        // The seats stop typing: they are timed out, the table ends, and the watcher leaves with it.
        _ = try scene.alice.waitForExit(timeout: 30)
        #expect(scene.alice.stderrText.contains("no input for 2s"), "\(scene.alice.stderrText)")
        _ = try carol.waitForExit(timeout: 60)
        #expect(!carol.stderrText.contains("no input for"), "\(carol.stderrText)")
    }
}
