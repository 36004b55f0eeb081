/// The deal of a day: a theme and a seed derived from the UTC date by SipHash-2-4, so every
/// machine and every process deals the same game that day.
///
/// With `.public` (the game's `--daily`) anyone can compute any day's deal, in advance too. A
/// server keys it with a secret of its own (`DailyKey(secret:)`): the same for every player of
/// that server on that day, and unknown to anyone before the server deals it.
///
/// The function, fixed (changing it changes every past day's deal):
///   themeIndex = SipHash24(key, "theme" ‖ days) mod themes.count, over the theme names sorted by
///                their UTF-8 bytes (so the order of assets/themes.json does not matter)
///   seed       = SipHash24(key, "seed"  ‖ days)
/// where days is the date's days since 1970-01-01 as 8 bytes little-endian.
public struct DailyDeal: Equatable, Sendable {
    public let date: DailyDate
    public let themeName: String
    public let seed: UInt64

    /// nil when there is no theme to deal.
    public init?(date: DailyDate, themeNames: [String], key: DailyKey = .public) {
        let names = themeNames.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        guard !names.isEmpty else { return nil }
        let index = key.hash.hash(Self.message("theme", date)) % UInt64(names.count)
        self.date = date
        themeName = names[Int(index)]
        seed = key.hash.hash(Self.message("seed", date))
    }

    static func message(_ purpose: String, _ date: DailyDate) -> [UInt8] {
        let days = UInt64(date.daysSinceEpoch)
        return Array(purpose.utf8) + (0..<8).map { UInt8(truncatingIfNeeded: days >> (8 * UInt64($0))) }
    }
}

/// Whose daily deal: the game's public one, or a server's own from its secret.
public struct DailyKey: Sendable, Equatable {
    let hash: SipHash24

    /// The fixed key of `memorize-tui --daily`: the ASCII bytes of "memorize-tui/day".
    public static let `public` = DailyKey(hash: SipHash24(keyBytes: Array("memorize-tui/day".utf8))!)

    /// A server's key from its 16-byte secret; nil for any other length.
    public init?(secret: [UInt8]) {
        guard let hash = SipHash24(keyBytes: secret) else { return nil }
        self.hash = hash
    }

    init(hash: SipHash24) { self.hash = hash }
}
