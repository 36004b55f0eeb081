import Foundation
import Memorize
@testable import MemorizeServer
import TableProtocol
import Testing

extension ServerTests {
    /// The messages hosts send each other about tables, as NOTIFY text: every one round-trips,
    /// and anything else from the database (garbled, oversize, a control character in a line a
    /// player reads) is not a message at all, so it is dropped.
    @Suite("Fleet messages")
    struct FleetMessages {
        static let host = "0123456789abcdef"

        @Test func everyMessageRoundTrips() throws {
            let ordered = try #require(TableMessage.ordered(sequence: 3, TimedIntent(.choose(cardID: 5), at: 1.25, seat: 1)).frame.bytes)
            let messages: [FleetMessage] = [
                .reserve(code: "ABCD234", request: 7, watch: false, owner: KeyFingerprint(digest: Array(repeating: 9, count: 32)), name: "bob"),
                .reserve(code: "ABCD234", request: 8, watch: true, owner: nil, name: "élan"),
                .reserved(code: "ABCD234", request: 7, member: 1,
                          RemoteReservation(seat: .seat(1), resumed: true, guestSeat: false, seed: .max, theme: "Animals", names: ["alice", "bob"])),
                .reserved(code: "ABCD234", request: 8, member: 2,
                          RemoteReservation(seat: .watcher, resumed: false, guestSeat: true, seed: 0, theme: nil, names: ["alice", nil])),
                .refused(code: "ABCD234", request: 9, reason: "table ABCD234 is full"),
                .attached(code: "ABCD234", member: 1),
                .closed(code: "ABCD234", member: 1),
                .frames(code: "ABCD234", member: 1, bytes: ordered + ordered),
                .stop(code: "ABCD234", member: 1, reason: "the table has ended"),
            ]
            for message in messages {
                let text = FleetEnvelope(from: Self.host, message: message).text
                #expect(text.utf8.count <= 7_999)
                #expect(!text.contains("\n"))
                #expect(FleetEnvelope(text: text) == FleetEnvelope(from: Self.host, message: message), "\(text)")
            }
        }

        @Test func packedFramesStayUnderTheNotifyBound() throws {
            let frame = try #require(TableMessage.status(.ended(reason: String(repeating: "x", count: 200))).frame.bytes)
            let items = (0..<200).map { _ in FleetTables.Outgoing.message(host: Self.host, .frames(code: "ABCD234", member: 1, bytes: frame)) }
            let packed = FleetTables.packed(items)
            #expect(packed.count > 1 && packed.count < 20)
            var total = 0
            for case .message(_, let message) in packed {
                let text = FleetEnvelope(from: Self.host, message: message).text
                #expect(text.utf8.count <= 7_999)
                guard case .frames(_, _, let bytes)? = FleetEnvelope(text: text)?.message else { Issue.record("not frames"); continue }
                total += bytes.count
            }
            #expect(total == frame.count * 200, "every frame, in order, none split")
        }

        @Test func garbageFromTheDatabaseIsNotAMessage() {
            let good = FleetEnvelope(from: Self.host, message: .attached(code: "ABCD234", member: 1)).text
            #expect(FleetEnvelope(text: good) != nil)
            let bad = [
                "", "f1", good.replacingOccurrences(of: "f1 ", with: "f2 "),
                good.replacingOccurrences(of: Self.host, with: "0123456789ABCDEF"),
                good.replacingOccurrences(of: Self.host, with: "x"),
                good.replacingOccurrences(of: "ABCD234", with: "abcd234"),
                good.replacingOccurrences(of: "ABCD234", with: "ABCD0O1"),
                good + " extra", good.replacingOccurrences(of: " 1", with: " -1"),
                good.replacingOccurrences(of: " 1", with: " 1234567890"),
                "f1 \(Self.host) stop ABCD234 1 \(FleetEnvelope.b64("\u{1b}[2Jgone"))",
                "f1 \(Self.host) refused ABCD234 1 \(FleetEnvelope.b64(String(repeating: "y", count: 300)))",
                "f1 \(Self.host) reserved ABCD234 1 1 seat1 new key 5 \(FleetEnvelope.b64("\u{202e}Animals")) - -",
                "f1 \(Self.host) reserved ABCD234 1 1 seat2 new key 5 - - -",
                "f1 \(Self.host) frames ABCD234 1 \(Data(repeating: 1, count: 5_601).base64EncodedString())",
                "f1 \(Self.host) frames ABCD234 1 !!!",
                "f1 \(Self.host) reserve ABCD234 1 join 0102 \(FleetEnvelope.b64("bob"))",
                good + String(repeating: " ", count: 8_000),
            ]
            for text in bad { #expect(FleetEnvelope(text: text) == nil, "\(text.prefix(120))") }
        }
    }
}
