/// One measured figure and its target, printed as one stable, diff-friendly line:
/// `name: value unit (target …) ok/MISS`. Figures without a target are context (`info`).
struct Figure {
    enum Target {
        case atMost(Double)
        case within(Double, tolerance: Double)
        case none

        var text: String {
            switch self {
            case .atMost(let v): return "<= \(Format.target(v))"
            case .within(let v, let t): return "\(Format.target(v)) +- \(Format.target(t))"
            case .none: return "none"
            }
        }

        func isMet(by value: Double) -> Bool? {
            switch self {
            case .atMost(let v): return value <= v
            case .within(let v, let t): return abs(value - v) <= t
            case .none: return nil
            }
        }
    }

    var name: String
    /// nil: could not be measured (the line says why in `note`).
    var value: Double?
    var unit: String
    var target: Target = .none
    var note: String? = nil

    var isMiss: Bool { value.flatMap { target.isMet(by: $0) } == false }

    var line: String {
        guard let value else { return "\(name): n/a \(unit) (target \(target.text)) skip\(note.map { " # \($0)" } ?? "")" }
        let verdict: String
        switch target.isMet(by: value) {
        case true?: verdict = "ok"
        case false?: verdict = "MISS"
        case nil: verdict = "info"
        }
        return "\(name): \(Format.number(value)) \(unit) (target \(target.text)) \(verdict)\(note.map { " # \($0)" } ?? "")"
    }
}

/// Numbers with a few significant digits, so reruns on the same commit diff only where they moved.
enum Format {
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e9 { return String(Int(v)) }
        let magnitude = abs(v)
        let decimals = magnitude >= 100 ? 1 : magnitude >= 10 ? 2 : magnitude >= 1 ? 2 : 3
        return fixed(v, decimals)
    }

    /// Targets as written in the issue: 0.5, 10, 30.
    static func target(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : "\(v)" }

    static func fixed(_ v: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (v * scale).rounded()
        let sign = scaled < 0 ? "-" : ""
        let whole = Int(abs(scaled)) / Int(scale)
        let fraction = Int(abs(scaled)) % Int(scale)
        guard decimals > 0 else { return "\(sign)\(whole)" }
        let digits = String(fraction)
        return "\(sign)\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
    }
}

/// Collects figures per section and prints them under `## section` headings.
final class Report {
    private(set) var figures: [Figure] = []

    func section(_ title: String) { print("\n## \(title)") }

    func add(_ figure: Figure) {
        figures.append(figure)
        print(figure.line)
    }

    func note(_ text: String) { print("# \(text)") }

    func printSummary() {
        let misses = figures.filter(\.isMiss).map(\.name)
        print("\n## summary")
        print("figures: \(figures.count), with target: \(figures.filter { $0.target.isMet(by: 0) != nil }.count), missed: \(misses.count)")
        for name in misses { print("MISS \(name)") }
    }
}
