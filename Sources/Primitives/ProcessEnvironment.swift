import Glibc

/// The process environment: the one way every layer reads it.
public enum ProcessEnvironment {
    /// A few variables by name, as a reader that needs a few is handed them (and a test makes
    /// them up: `["HOME": "/home/ada"]`). A short list, not a Dictionary: the first
    /// `[String: String]` of a run cost ~200k instructions of run-time type and conformance
    /// lookups in the static binary, about 2% of start-up, to hold three or four names.
    public struct Variables: ExpressibleByDictionaryLiteral, Sendable {
        private var names: [String] = []
        private var values: [String] = []

        public init(dictionaryLiteral elements: (String, String)...) {
            for (name, value) in elements where self[name] == nil { set(name, value) }
        }

        /// The value of `name`, if it is set.
        public subscript(name: String) -> String? {
            names.firstIndex(of: name).map { values[$0] }
        }

        mutating func set(_ name: String, _ value: String) {
            if let index = names.firstIndex(of: name) {
                values[index] = value
            } else {
                names.append(name)
                values.append(value)
            }
        }
    }

    /// Just the variables in `names` that are set: what a reader that needs a few asks for, rather
    /// than a table of the whole environment.
    public static func variables(named names: [String]) -> Variables {
        var variables = Variables()
        for name in names { if let value = variable(name) { variables.set(name, value) } }
        return variables
    }

    /// SOURCE_DATE_EPOCH, reproducible builds' convention: the seconds since 1970 to stamp
    /// generated output with (a headless recording's header, the manual page's date) instead of
    /// now. Nil when unset or not a whole number of seconds from 0 up.
    public static var sourceDateEpoch: Int? { variable("SOURCE_DATE_EPOCH").flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil } }

    /// One variable, as getenv(3) reads it.
    public static func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
