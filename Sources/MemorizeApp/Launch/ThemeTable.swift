import Memorize
import MemorizeStore
import TerminalUI

/// `--list-themes`: every theme the game can play, as an aligned text table.
public enum ThemeTable {
    public static func render(builtIn: [Theme], user: [Theme], ascii: Bool) -> String {
        let header = ["Theme", "Source", "Pairs", "Cards", "Colour", "Emoji"]
        var rows = [header]
        for (theme, source) in builtIn.map({ ($0, "built-in") }) + user.map({ ($0, "yours") }) {
            let glyphs = ascii ? (theme.ascii ?? []) : theme.emoji
            rows.append([
                SafeText.neutralised(theme.name, asciiOnly: ascii), source, "\(theme.numberOfPairs)", "\(theme.numberOfPairs * 2)",
                theme.color.hex,
                glyphs.joined(separator: " "),
            ])
        }
        // Columns measured in terminal cells, so emoji (two cells wide) line up too.
        let widths = header.indices.map { column in rows.map { TextWidth.of($0[column]) }.max() ?? 0 }
        return rows.map { row in
            row.indices.map { column in
                column == row.count - 1 ? row[column]
                    : row[column] + String(repeating: " ", count: widths[column] - TextWidth.of(row[column]) + 2)
            }.joined()
        }.joined(separator: "\n") + "\n"
    }

}

extension Launcher {
    /// `--list-themes`: prints the table, and on stderr why a theme of the player's is missing
    /// from it (both only ASCII with `--ascii`); the exit status, 2 when that warning was lost.
    public static func printThemeTable(ascii: Bool) -> Int32 {
        let store = UserThemeStore(validator: .terminal)
        do {
            try printOutput(ThemeTable.render(builtIn: builtInThemes(), user: store?.themes ?? [], ascii: ascii),
                            asciiOnly: ascii)
            if let warning = store?.warning, !printError("memorize-tui: \(warning)", asciiOnly: ascii) { return 2 }
            return 0
        } catch let failure as Failure {
            if !failure.description.isEmpty { printError(failure.description, detail: failure.detail) }
            return failure.exitCode
        } catch {
            return 2
        }
    }
}
