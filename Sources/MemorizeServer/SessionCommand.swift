import Memorize
import ThemeFormat

/// What an exec request asks for. The first word may name a command from `commands` (a table of
/// them, so more plug in beside these: each parses the words after its name); anything else is
/// the game's own flags, as before tables (`ssh -t host -- --theme Animals`).
enum SessionCommand: Equatable, Sendable {
    /// The game alone, with these (checked) arguments.
    case play([String])
    /// `new [flags]`: a table with the caller in seat 1 (its seed is the server's to draw).
    case newTable(theme: String?, displayFlags: [String])
    /// `join CODE [display flags]`: seat 2, or the caller's own seat back.
    case join(code: String, displayFlags: [String])
    /// `watch CODE [display flags]`.
    case watch(code: String, displayFlags: [String])

    typealias Refusal = GameArguments.Refusal
    typealias Parser = @Sendable (_ words: [String]) -> Result<SessionCommand, Refusal>

    /// Every command by its first word. New commands add a line here and a parser.
    static let commands: [String: Parser] = [
        "new": parseNew,
        "join": { parseCode("join", $0).map { .join(code: $0.code, displayFlags: $0.flags) } },
        "watch": { parseCode("watch", $0).map { .watch(code: $0.code, displayFlags: $0.flags) } },
    ]

    /// Flags that change only one's own screen: allowed for every process at a table.
    static let displayValueFlags = ["--fps"]
    /// Not at a table: the inspector shows every card's face and pauses time.
    static let notAtATable = ["--players", "--opponent", "--names", "--inspect", "--seed"]

    static func parse(command: String, displayName: String?) -> Result<SessionCommand, Refusal> {
        guard command.utf8.count <= GameArguments.maxCommandBytes else {
            return .failure(Refusal("the command is longer than \(GameArguments.maxCommandBytes) bytes"))
        }
        let words: [String]
        switch GameArguments.split(command) {
        case .success(let split): words = split
        case .failure(let refusal): return .failure(refusal)
        }
        guard words.count <= GameArguments.maxWords else { return .failure(Refusal("more than \(GameArguments.maxWords) words")) }
        let rest = words.first == "memorize-tui" ? Array(words.dropFirst()) : words
        if let name = rest.first, let parser = commands[name] { return parser(Array(rest.dropFirst())) }
        return GameArguments.check(rest, displayName: displayName).map { .play($0) }
    }

    /// `new`'s flags: the game's, less those a table decides itself (two seats, one player each).
    static func parseNew(_ words: [String]) -> Result<SessionCommand, Refusal> {
        if let refusal = refusalAtATable(words) { return .failure(refusal) }
        let checked: [String]
        switch GameArguments.check(words, displayName: nil) {
        case .success(let arguments): checked = arguments
        case .failure(let refusal): return .failure(refusal)
        }
        var theme: String?
        var display: [String] = []
        var index = 0
        while index < checked.count {
            let word = checked[index]
            if GameArguments.valueFlags.contains(word) {
                let value = checked[index + 1]
                switch word {
                case "--theme": theme = value
                default: display += [word, value]
                }
                index += 2
            } else {
                display.append(word)
                index += 1
            }
        }
        if let theme {
            // Each seat's game loads the themes of its own player: only the built-in ones are on both.
            let builtIn = ThemeLibrary.builtIn()
            guard let known = builtIn.named(theme) else {
                return .failure(Refusal("--theme at a table is one of the built-in themes, which every player has: "
                    + builtIn.map(\.name).joined(separator: ", ")))
            }
            return .success(.newTable(theme: known.name, displayFlags: display))
        }
        return .success(.newTable(theme: nil, displayFlags: display))
    }

    static func refusalAtATable(_ words: [String]) -> Refusal? {
        for word in words {
            let flag = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            if flag == "--inspect" {
                return Refusal("--inspect is not offered at a table: the inspector shows every card's face")
            }
            // A seed the opener chose is a deal the opener could have seen in a solo game first.
            if flag == "--seed" {
                return Refusal("--seed is not offered at a table: the server deals, so nobody knows the cards before they turn")
            }
            if notAtATable.contains(flag) {
                return Refusal("\(flag) makes no sense at a table: it has two seats, one for you and one for whoever joins with your code")
            }
        }
        return nil
    }

    /// `join`/`watch`: a code, then only flags for one's own screen (the opener chose the game).
    static func parseCode(_ name: String, _ words: [String]) -> Result<(code: String, flags: [String]), Refusal> {
        guard let code = words.first, !code.hasPrefix("-") else {
            return .failure(Refusal("\(name) needs the table's code: \(name) CODE"))
        }
        let flags = Array(words.dropFirst())
        if let refusal = refusalAtATable(flags) { return .failure(refusal) }
        for word in flags {
            let flag = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            if GameArguments.valueFlags.contains(flag) && !displayValueFlags.contains(flag) {
                return .failure(Refusal("\(flag) is the table's to choose; \(name) takes only \((displayValueFlags + GameArguments.switches.filter { $0 != "--inspect" }).joined(separator: " "))"))
            }
        }
        return GameArguments.check(flags, displayName: nil).map { (code, $0) }
    }
}
