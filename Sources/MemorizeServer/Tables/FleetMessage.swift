import Foundation
import Memorize
import MemorizeLeaderboard
import Primitives
import TableProtocol

/// What one host says to another about a table, as the text of one PostgreSQL NOTIFY (at most
/// PostgresFleet.maximumPayloadBytes). One line of words; text that could hold anything (names,
/// reasons, a theme, frames) is base64, so no word can carry a space, a newline or a control
/// character. The table channel's frames cross unchanged inside `frames`: the game process reads
/// the same bytes whether its table is on this host or another.
///
///     f1 FROM reserve CODE REQUEST join|watch OWNER|- NAME
///     f1 FROM reserved CODE REQUEST MEMBER seat0|seat1|watch resumed|new guest|key SEED THEME|- NAME0|- NAME1|-
///     f1 FROM refused CODE REQUEST REASON
///     f1 FROM attached|closed CODE MEMBER
///     f1 FROM frames CODE MEMBER FRAMES
///     f1 FROM stop CODE MEMBER REASON
struct FleetEnvelope: Equatable, Sendable {
    var from: String
    var message: FleetMessage
}

enum FleetMessage: Equatable, Sendable {
    case reserve(code: String, request: UInt32, watch: Bool, owner: KeyFingerprint?, name: String)
    case reserved(code: String, request: UInt32, member: Int, RemoteReservation)
    case refused(code: String, request: UInt32, reason: String)
    case attached(code: String, member: Int)
    case frames(code: String, member: Int, bytes: [UInt8])
    case closed(code: String, member: Int)
    case stop(code: String, member: Int, reason: String)

    var code: String {
        switch self {
        case .reserve(let code, _, _, _, _), .reserved(let code, _, _, _), .refused(let code, _, _), .attached(let code, _),
             .frames(let code, _, _), .closed(let code, _), .stop(let code, _, _): code
        }
    }
}

/// A place at a table on another host: what the joiner's host needs to start its game.
struct RemoteReservation: Equatable, Sendable {
    var seat: TableSeat
    var resumed: Bool
    var guestSeat: Bool
    var seed: UInt64
    var theme: String?
    var names: [String?]
}

extension FleetEnvelope {
    /// Frame bytes in one `frames` message: base64 of these and the words before it stay under
    /// PostgreSQL's 8000 bytes. A frame is at most 1027 bytes, so every frame fits.
    static let maximumFrameBytes = 5_600
    static let maximumReasonBytes = TableMessage.maximumReasonLength * 4

    var text: String {
        var words = ["f1", from]
        switch message {
        case .reserve(let code, let request, let watch, let owner, let name):
            words += ["reserve", code, "\(request)", watch ? "watch" : "join", owner.map { Self.hex($0.digest) } ?? "-", Self.b64(name)]
        case .reserved(let code, let request, let member, let place):
            let seat = switch place.seat { case .seat(let index): "seat\(index)"; case .watcher: "watch" }
            words += ["reserved", code, "\(request)", "\(member)", seat, place.resumed ? "resumed" : "new", place.guestSeat ? "guest" : "key",
                      "\(place.seed)", place.theme.map(Self.b64) ?? "-"] + place.names.map { $0.map(Self.b64) ?? "-" }
        case .refused(let code, let request, let reason):
            words += ["refused", code, "\(request)", Self.b64(reason)]
        case .attached(let code, let member):
            words += ["attached", code, "\(member)"]
        case .closed(let code, let member):
            words += ["closed", code, "\(member)"]
        case .frames(let code, let member, let bytes):
            words += ["frames", code, "\(member)", Data(bytes).base64EncodedString()]
        case .stop(let code, let member, let reason):
            words += ["stop", code, "\(member)", Self.b64(reason)]
        }
        return words.joined(separator: " ")
    }

    /// A message from the database; nil for anything that is not exactly one (it is dropped).
    init?(text: String) {
        guard text.utf8.count <= PostgresFleet.maximumPayloadBytes else { return nil }
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count >= 5, words[0] == "f1", PostgresFleet.isHostID(words[1]),
              let code = TableCode(typed: String(words[3])), words[3] == code.description else { return nil }
        from = String(words[1])
        let rest = Array(words.dropFirst(4))
        switch (words[2], rest.count) {
        case ("reserve", 4):
            guard let request = UInt32(rest[0]), rest[1] == "join" || rest[1] == "watch",
                  let name = Self.unb64(rest[3], limit: TableName.maximumBytes) else { return nil }
            var owner: KeyFingerprint?
            if rest[2] != "-" {
                guard let digest = Self.unhex(rest[2]), digest.count == 32 else { return nil }
                owner = KeyFingerprint(digest: digest)
            }
            message = .reserve(code: code.description, request: request, watch: rest[1] == "watch", owner: owner, name: name)
        case ("reserved", 9):
            guard let request = UInt32(rest[0]), let member = Self.member(rest[1]), let seed = UInt64(rest[5]) else { return nil }
            let seat: TableSeat
            switch rest[2] {
            case "seat0": seat = .seat(0)
            case "seat1": seat = .seat(1)
            case "watch": seat = .watcher
            default: return nil
            }
            guard ["resumed", "new"].contains(rest[3]), ["guest", "key"].contains(rest[4]) else { return nil }
            var theme: String?
            if rest[6] != "-" {
                guard let named = Self.unb64(rest[6], limit: GameIntent.maximumThemeNameLength),
                      ShowableText.isShowable(Substring(named), limit: GameIntent.maximumThemeNameLength) else { return nil }
                theme = named
            }
            var names: [String?] = []
            for word in rest[7...8] {
                if word == "-" { names.append(nil); continue }
                guard let name = Self.unb64(word, limit: TableName.maximumBytes),
                      ShowableText.isShowable(Substring(name), limit: TableMessage.maximumNameLength) else { return nil }
                names.append(name)
            }
            message = .reserved(code: code.description, request: request, member: member,
                                RemoteReservation(seat: seat, resumed: rest[3] == "resumed", guestSeat: rest[4] == "guest",
                                                  seed: seed, theme: theme, names: names))
        case ("refused", 2):
            guard let request = UInt32(rest[0]), let reason = Self.reason(rest[1]) else { return nil }
            message = .refused(code: code.description, request: request, reason: reason)
        case ("attached", 1), ("closed", 1):
            guard let member = Self.member(rest[0]) else { return nil }
            message = words[2] == "attached" ? .attached(code: code.description, member: member) : .closed(code: code.description, member: member)
        case ("frames", 2):
            guard let member = Self.member(rest[0]), let data = Data(base64Encoded: String(rest[1])), !data.isEmpty,
                  data.count <= Self.maximumFrameBytes else { return nil }
            message = .frames(code: code.description, member: member, bytes: Array(data))
        case ("stop", 2):
            guard let member = Self.member(rest[0]), let reason = Self.reason(rest[1]) else { return nil }
            message = .stop(code: code.description, member: member, reason: reason)
        default:
            return nil
        }
    }

    private static func member(_ word: Substring) -> Int? {
        word.count <= 9 && word.allSatisfy({ $0.isASCII && $0.isNumber }) ? Int(word) : nil
    }

    /// A line the player will read: showable and bounded, or the message is not believed.
    private static func reason(_ word: Substring) -> String? {
        guard let text = unb64(word, limit: maximumReasonBytes),
              ShowableText.isShowable(Substring(text), limit: TableMessage.maximumReasonLength) else { return nil }
        return text
    }

    static func b64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

    static func unb64(_ word: Substring, limit: Int) -> String? {
        guard word.utf8.count <= (limit + 2) / 3 * 4 + 4, let data = Data(base64Encoded: String(word)), data.count <= limit else { return nil }
        return String(validating: Array(data), as: UTF8.self)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    static func unhex(_ word: Substring) -> [UInt8]? {
        guard word.utf8.count % 2 == 0, word.utf8.count <= 128 else { return nil }
        var bytes: [UInt8] = []
        var index = word.startIndex
        while index < word.endIndex {
            let next = word.index(index, offsetBy: 2)
            guard let byte = UInt8(word[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}

extension KeyFingerprint {
    init(digest: [UInt8]) {
        self.digest = digest
    }
}
