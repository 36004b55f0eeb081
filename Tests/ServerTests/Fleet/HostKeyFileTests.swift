import Foundation
@testable import MemorizeServer
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `--host-key FILE`: OpenSSH's own Ed25519 keys load with OpenSSH's fingerprint; anything else,
/// or a key others can read, is refused with a line that says why.
@Suite("Host key file")
struct HostKeyFileTests {
    static func keygen(_ arguments: [String]) throws -> String {
        let directory = NSTemporaryDirectory() + "hostkey-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/key"
        let made = try ProcessRunner.run("/usr/bin/ssh-keygen", ["-q", "-f", path, "-C", "fleet"] + arguments)
        #expect(made.status == 0, "\(made.stderrText)")
        return path
    }

    @Test("an ssh-keygen -t ed25519 -N '' key loads, with the fingerprint ssh-keygen -l prints")
    func loads() throws {
        let path = try Self.keygen(["-t", "ed25519", "-N", ""])
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let (_, fingerprint) = try HostKeyFile.load(path)
        let listed = try ProcessRunner.run("/usr/bin/ssh-keygen", ["-l", "-f", path])
        #expect(listed.stdoutText.split(separator: " ")[1] == "\(fingerprint)")
    }

    @Test("refused: readable by others, encrypted, RSA, not a key, missing, damaged")
    func refusals() throws {
        let key = try Self.keygen(["-t", "ed25519", "-N", ""])
        let directory = (key as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func refusal(_ path: String) -> String {
            do {
                _ = try HostKeyFile.load(path)
                return "loaded"
            } catch {
                return "\(error)"
            }
        }
        chmod(key, 0o640)
        #expect(refusal(key).contains("can be read by others (mode 640); chmod 600 it"))
        chmod(key, 0o600)
        #expect(refusal(key) == "loaded")

        let encrypted = try Self.keygen(["-t", "ed25519", "-N", "secret passphrase"])
        defer { try? FileManager.default.removeItem(atPath: (encrypted as NSString).deletingLastPathComponent) }
        #expect(refusal(encrypted).contains("is encrypted"))
        let rsa = try Self.keygen(["-t", "rsa", "-b", "2048", "-N", ""])
        defer { try? FileManager.default.removeItem(atPath: (rsa as NSString).deletingLastPathComponent) }
        #expect(refusal(rsa).contains("is not an Ed25519 key"))

        let text = directory + "/text"
        #expect(FileManager.default.createFile(atPath: text, contents: Data("hello\u{1b}[2J".utf8), attributes: [.posixPermissions: 0o600]))
        #expect(refusal(text).contains("is not an OpenSSH private key"))
        #expect(refusal(directory + "/missing").contains("cannot read the host key"))

        // One byte of the private half changed: the halves no longer agree.
        var lines = try String(contentsOfFile: key, encoding: .utf8).split(separator: "\n").map(String.init)
        var body = [UInt8](Data(base64Encoded: lines[1..<(lines.count - 1)].joined())!)
        body[body.count - 40] ^= 0x01
        lines = [lines[0]] + [Data(body).base64EncodedString()] + [lines[lines.count - 1]]
        let damaged = directory + "/damaged"
        #expect(FileManager.default.createFile(atPath: damaged, contents: Data(lines.joined(separator: "\n").utf8), attributes: [.posixPermissions: 0o600]))
        #expect(refusal(damaged).contains("is damaged"))
        // A name with controls is shown neutralised.
        #expect(!refusal(directory + "/\u{1b}]0;x\u{7}").contains("\u{1b}"))
    }
}
