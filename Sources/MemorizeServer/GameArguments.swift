/// The game flags a player may pass over SSH (`ssh -t host -- --theme Animals`), checked and
/// bounded as the game checks them. Everything else (files, scripts, recording, headless runs,
/// unknown words) is refused with one line: only the game is reachable, never the file system.
public enum GameArguments {
    public static let maxCommandBytes = 1024
    public static let maxWords = 24
    public static let maxThemeCharacters = 64
    public static let opponentLevels = ["easy", "medium", "hard"]
    public static let valueFlags = ["--theme", "--seed", "--opponent", "--players", "--names", "--fps"]
    public static let switches = ["--ascii", "--no-color", "--reduced-motion", "--inspect"]
    /// The game's hidden flag naming its table channel's descriptor: set by the server alone;
    /// like every flag not listed above, refused when a client types it.
    public static let tableChannelFlag = "--table-channel"
    /// The same for a server's daily: the channel its finished run's report goes over.
    public static let reportChannelFlag = "--report-channel"

    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// The arguments for the game from an exec request's command, with the display name as the
    /// first seat's name when two seats play and the player named none.
    public static func parse(command: String, displayName: String?) -> Result<[String], Refusal> {
        guard command.utf8.count <= maxCommandBytes else {
            return .failure(Refusal("the command is longer than \(maxCommandBytes) bytes"))
        }
        let words: [String]
        switch split(command) {
        case .success(let split): words = split
        case .failure(let refusal): return .failure(refusal)
        }
        guard words.count <= maxWords else { return .failure(Refusal("more than \(maxWords) words")) }
        return check(words.first == "memorize-tui" ? Array(words.dropFirst()) : words, displayName: displayName)
    }

    static func check(_ words: [String], displayName: String?) -> Result<[String], Refusal> {
        var output: [String] = []
        var values: [String: String] = [:]
        var index = 0
        while index < words.count {
            var word = words[index]
            var attached: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                attached = String(word[word.index(after: equals)...])
                word = String(word[..<equals])
            }
            if switches.contains(word), attached == nil {
                output.append(word)
            } else if valueFlags.contains(word) {
                let value: String
                if let attached {
                    value = attached
                } else {
                    index += 1
                    guard index < words.count else { return .failure(Refusal("\(word) needs a value")) }
                    value = words[index]
                }
                if let problem = problem(flag: word, value: value) { return .failure(Refusal(problem)) }
                values[word] = value
                output += [word, value]
            } else {
                return .failure(Refusal("\"\(ClientText.neutralised(word, limit: 32))\" is not offered over SSH; "
                    + "the game takes \((valueFlags + switches).joined(separator: " "))"))
            }
            index += 1
        }
        let players = values["--players"].flatMap { Int($0) }
        if values["--opponent"] != nil && players == 1 {
            return .failure(Refusal("--opponent takes the second seat: it needs 2 players, not --players 1"))
        }
        let twoSeats = players == 2 || values["--opponent"] != nil
        if values["--names"] != nil && !twoSeats {
            return .failure(Refusal("--names needs --players 2 or --opponent LEVEL"))
        }
        if twoSeats, values["--names"] == nil, let displayName {
            output += ["--names", displayName + "," + (values["--opponent"] != nil ? "Computer" : "Player 2")]
        }
        return .success(output)
    }

    static func problem(flag: String, value: String) -> String? {
        let shown = ClientText.neutralised(value, limit: 32)
        switch flag {
        case "--theme":
            guard !value.isEmpty, value.count <= maxThemeCharacters, value.utf8.count <= 4 * maxThemeCharacters,
                  ClientText.neutralised(value, limit: maxThemeCharacters) == value else {
                return "--theme needs a theme name of at most \(maxThemeCharacters) printable characters"
            }
        case "--seed":
            guard UInt64(value) != nil else { return "--seed must be between 0 and 18446744073709551615, not \"\(shown)\"" }
        case "--fps":
            guard let fps = Int(value), (1...120).contains(fps) else { return "--fps must be between 1 and 120, not \"\(shown)\"" }
        case "--players":
            guard let players = Int(value), (1...2).contains(players) else { return "--players must be 1 or 2, not \"\(shown)\"" }
        case "--opponent":
            guard opponentLevels.contains(value) else {
                return "--opponent must be one of \(opponentLevels.joined(separator: "|")), not \"\(shown)\""
            }
        case "--names":
            let names = value.split(separator: ",", omittingEmptySubsequences: false)
            guard names.count <= 2 else { return "--names: give at most 2 names, separated by a comma" }
            for name in names {
                let trimmed = name.trimmingPrefix(while: { $0.isWhitespace })
                guard !trimmed.isEmpty, name.count <= 16, name.utf8.count <= 64,
                      ClientText.neutralised(String(name), limit: 16) == String(name) else {
                    return "--names: each name 1 to 16 printable characters"
                }
            }
        default:
            return "\(flag) is not offered over SSH"
        }
        return nil
    }

    /// Words as a POSIX shell splits them (ssh joins its arguments with spaces): blanks separate,
    /// single and double quotes group, a backslash escapes. No expansion of any kind.
    static func split(_ command: String) -> Result<[String], Refusal> {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in command {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            case "'", "\"":
                quote = character
                inWord = true
            case "\\":
                escaped = true
                inWord = true
            default:
                current.append(character)
                inWord = true
            }
        }
        if quote != nil || escaped { return .failure(Refusal("the command has an unclosed quote")) }
        if inWord { words.append(current) }
        return .success(words)
    }
}
