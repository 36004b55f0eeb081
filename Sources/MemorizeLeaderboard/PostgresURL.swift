import Foundation
import PostgresNIO

/// `--database postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`: what PostgresLeaderboard
/// connects to. TLS is not offered yet: the URL must be for a server on a trusted network (say
/// `?sslmode=disable`, the only mode accepted, or nothing).
public struct PostgresURL: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String

    public struct Problem: Error, CustomStringConvertible { public var description: String }

    public init(_ text: String) throws(Problem) {
        guard text.utf8.count <= 1024, let url = URLComponents(string: text),
              url.scheme == "postgres" || url.scheme == "postgresql" else {
            throw Problem(description: "--database wants postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
        }
        guard let host = url.host, !host.isEmpty, let user = url.user, !user.isEmpty else {
            throw Problem(description: "--database: the URL needs a user and a host (postgres://USER@HOST/DATABASE)")
        }
        let database = String(url.path.dropFirst())
        guard !database.isEmpty, !database.contains("/") else { throw Problem(description: "--database: the URL needs a database name after the host") }
        for item in url.queryItems ?? [] {
            guard item.name == "sslmode", item.value == "disable" else {
                throw Problem(description: "--database: only ?sslmode=disable is understood (no TLS yet)")
            }
        }
        self.host = host
        self.port = url.port ?? 5432
        guard (1...65535).contains(port) else { throw Problem(description: "--database: port \(port) is not a port") }
        self.user = user
        self.password = url.password
        self.database = database
    }

    var configuration: PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(host: host, port: port, username: user, password: password,
                                                         database: database, tls: .disable)
        configuration.options.connectTimeout = .seconds(3)
        configuration.options.maximumConnections = 8
        return configuration
    }
}
