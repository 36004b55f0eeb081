import Crypto

/// A game's command line as the server's log shows it: neutralised, and with the deal's seed
/// replaced by a fingerprint. A host's log is shared (bug reports, a log service), and a table's
/// or the daily's seed in it would reveal a deal still being played; equal seeds still show as
/// equal fingerprints, so hosts dealing the same daily can be compared.
enum LoggedArguments {
    static func text(_ arguments: [String]) -> String {
        var shown: [String] = []
        var hidesNext = false
        for argument in arguments {
            if hidesNext {
                shown.append(seedFingerprint(argument))
                hidesNext = false
            } else if argument.hasPrefix("--seed=") {
                shown.append("--seed=" + seedFingerprint(String(argument.dropFirst("--seed=".count))))
            } else {
                hidesNext = argument == "--seed"
                shown.append(ClientText.neutralised(argument, limit: 64))
            }
        }
        return shown.joined(separator: " ")
    }

    /// `#` and the first 8 bytes of the seed's SHA-256, in hex: 64 bits, as unguessable as the seed.
    static func seedFingerprint(_ seed: String) -> String {
        "#" + SHA256.hash(data: Array(seed.utf8)).prefix(8).map { byte in
            (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }.joined()
    }
}
