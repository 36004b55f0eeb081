import Foundation
import MemorizeTestSupport
import Testing

/// A failed write is an error: one clear line and a non-zero exit, never a silent exit 0 after
/// output was lost. A reader that goes away (`| head`) ends the run quietly, as `cat` ends.
extension EndToEndTests {
    @Suite("Write failures")
    struct WriteFailures {
        var environment: [String: String] { ProcessRunner.utf8Environment }

        static func headlessScript() throws -> String {
            let path = NSTemporaryDirectory() + "write-failure-\(getpid())-\(UUID().uuidString).keys"
            try "size 80x24\nseed 1\nkey d\nwait 3s\nsnapshot dealt\n".write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        @Test("stdout on a full disk (/dev/full) or closed: exit 2 and one line on stderr",
              arguments: ["full", "closed"])
        func stdoutFails(_ how: String) throws {
            let script = try Self.headlessScript()
            defer { unlink(script) }
            let target: ProcessRunner.StandardOutput = how == "full" ? .file("/dev/full") : .closed
            for arguments in [["--list-themes"], ["--headless", "--script", script]] {
                let result = try ProcessRunner.run(try BinaryUnderTest.path(), arguments, environment: environment, stdout: target)
                #expect(result.status == 2, "\(arguments) with stdout \(how): \(result.status) \(result.stderrText)")
                #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderrText)")
                #expect(result.stderrText.contains("cannot write to standard output"), "\(result.stderrText)")
            }
        }

        @Test("--help and --version on a full disk (/dev/full) or closed stdout: exit 2 and one line",
              arguments: ["--help", "--version"], ["full", "closed"])
        func helpAndVersionFail(_ flag: String, _ how: String) throws {
            let target: ProcessRunner.StandardOutput = how == "full" ? .file("/dev/full") : .closed
            let result = try ProcessRunner.run(try BinaryUnderTest.path(), [flag], environment: environment, stdout: target)
            #expect(result.status == 2, "\(flag) with stdout \(how): \(result.status) \(result.stderrText)")
            #expect(result.stderrLines.count == 1 && result.stderrText.contains("cannot write to standard output"),
                    "\(result.stderrText)")
        }

        @Test("--record onto a full disk: exit 2 and says the recording is incomplete")
        func recordingFails() throws {
            let script = try Self.headlessScript()
            defer { unlink(script) }
            let result = try ProcessRunner.run(try BinaryUnderTest.path(),
                                               ["--headless", "--script", script, "--record", "/dev/full"], environment: environment)
            #expect(result.status == 2, "\(result.stderrText)")
            #expect(result.stderrText.contains("incomplete"), "\(result.stderrText)")
        }

        @Test("a live --record onto a full disk: exit 2 and says the recording is incomplete")
        func liveRecordingFails() throws {
            let session = try TmuxSession(size: Check.size80x24, arguments: ReferenceGame.arguments + ["--record", "/dev/full"])
            defer { session.close() }
            try session.waitFor("Recording stopped")        // said at once, over the title row
            try session.waitFor("[Shuffle]")
            try session.sendKeys("d")
            try session.sendKeys("q")
            #expect(try session.waitForExit() == 2, "\(session.stderrText())")
            #expect(session.stderrText().contains("incomplete"), "\(session.stderrText())")
        }

        @Test("--list-themes whose warning cannot reach stderr does not exit 0")
        func lostWarning() throws {
            let config = try EndToEndTests.HostileText.hostileConfig()
            defer { try? FileManager.default.removeItem(atPath: config) }
            var env = environment
            env["XDG_CONFIG_HOME"] = config
            let command = "\(shellQuote(try BinaryUnderTest.path())) --list-themes 2>/dev/full >/dev/null; echo $?"
            let result = try ProcessRunner.run("/bin/bash", ["-c", command], environment: env)
            #expect(result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == "2", "\(result.stdoutText)")
        }

        @Test("a reader that goes away ends the run quietly, with no message")
        func brokenPipe() throws {
            // Enough snapshots to outgrow the pipe buffer, so the writer meets the closed pipe.
            let path = NSTemporaryDirectory() + "broken-pipe-\(getpid()).keys"
            let snapshots = (1...300).map { "snapshot s\($0)" }.joined(separator: "\n")
            try ("size 200x60\nseed 1\n" + snapshots + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            defer { unlink(path) }
            let command = "\(shellQuote(try BinaryUnderTest.path())) --headless --script \(shellQuote(path)) | head -1 > /dev/null"
                + "; echo \"${PIPESTATUS[0]}\" >&2"
            let result = try ProcessRunner.run("/bin/bash", ["-c", command], environment: environment)
            let lines = result.stderrLines
            #expect(lines.count == 1, "only the status, no message: \(result.stderrText)")
            #expect(lines.last != "0", "output was lost: not a success status")
        }
    }
}
