import Logging
import Synchronization

/// A Logger whose messages the test reads back (each as "message key=value ...").
final class CapturedLog: Sendable {
    let lines = Mutex<[String]>([])

    var logger: Logger {
        Logger(label: "test") { _ in Handler(log: self) }
    }

    var text: String { lines.withLock { $0.joined(separator: "\n") } }

    func count(of text: String) -> Int { lines.withLock { $0.filter { $0.contains(text) }.count } }

    struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            let text = ([event.message.description] + all.keys.sorted().map { "\($0)=\(all[$0]!)" }).joined(separator: " ")
            log.lines.withLock { $0.append(text) }
        }
    }
}
