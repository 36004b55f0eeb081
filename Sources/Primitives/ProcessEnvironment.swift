import Glibc

/// The process environment: the one way every layer reads it.
public enum ProcessEnvironment {
    /// The process's environment variables (what Foundation's ProcessInfo.processInfo.environment
    /// gave): the `NAME=value` entries; for a name listed twice, the first, as getenv(3) reads it.
    public static func variables() -> [String: String] {
        var variables: [String: String] = [:]
        let table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = table else { return variables }
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
    }

    /// One variable, as getenv(3) reads it.
    public static func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
