import MemorizeLeaderboard

/// The `scores` command's output: a title line and one row per run, every field from the
/// database neutralised again on the way out (a name stored by an older server, or typed into
/// the database by hand, still cannot drive the viewer's terminal). Runs started and not won
/// follow the ranked ones without a rank: `DNF` once left, `playing` while their session may go on.
enum ScoresTable {
    static func render(date: String, runs: [LeaderboardRun], total: Int, unfinished: [UnfinishedRun] = [],
                       isPlaying: (UnfinishedRun) -> Bool = { !$0.ended }) -> String {
        var lines = ["Daily \(date): \(total) ranked run\(total == 1 ? "" : "s")" + (total > runs.count ? ", the top \(runs.count) below" : "")]
        if runs.isEmpty && unfinished.isEmpty { return (lines + ["No ranked run yet: ssh -t … daily"]).joined(separator: "\n") + "\n" }
        lines.append(row(["rank", "name", "score", "time", "moves", "key"]))
        for (index, run) in runs.enumerated() {
            lines.append(row(["\(index + 1)", ClientText.neutralised(LeaderboardName.neutralised(run.name), limit: 16),
                              "\(run.score)", seconds(run.milliseconds), "\(run.moves)",
                              ClientText.neutralised(run.shortFingerprint, limit: 16)]))
        }
        for run in unfinished {
            lines.append(row(["-", ClientText.neutralised(LeaderboardName.neutralised(run.name), limit: 16),
                              isPlaying(run) ? "playing" : "DNF", "-", "-", ClientText.neutralised(run.shortFingerprint, limit: 16)]))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Columns: rank, name and key left-aligned text, numbers right-aligned.
    private static func row(_ fields: [String]) -> String {
        let widths = [4, 16, 7, 8, 6, 0]
        return fields.enumerated().map { index, field in
            let pad = String(repeating: " ", count: max(0, widths[index] - field.count))
            return (index == 1 || index == 5) ? field + pad : pad + field
        }.joined(separator: "  ").trimmingTrailingSpaces()
    }

    static func seconds(_ milliseconds: Int) -> String {
        let tenths = (milliseconds + 50) / 100
        return tenths >= 600 ? "\(tenths / 600):" + (tenths / 10 % 60 < 10 ? "0" : "") + "\(tenths / 10 % 60)" : "\(tenths / 10).\(tenths % 10) s"
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
