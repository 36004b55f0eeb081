#if canImport(Glibc)
import Glibc
#endif

enum ProcessInfoEnvironment {
    static func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
