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
            // Split at the first "=" by bytes: walking Characters cost more than the rest of start-up's
            // environment handling put together.
            if let equals = strchr(pointer, 0x3D) {
                let nameLength = pointer.distance(to: equals)
                let name = pointer.withMemoryRebound(to: UInt8.self, capacity: nameLength) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: nameLength), as: UTF8.self)
                }
                if variables[name] == nil { variables[name] = String(cString: equals + 1) }
            }
            entry += 1
        }
        return variables
    }

    /// One variable, as getenv(3) reads it.
    public static func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
