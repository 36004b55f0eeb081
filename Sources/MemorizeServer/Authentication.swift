import Logging
import NIOCore
import NIOSSH

/// Who is on one connection, as authentication found out. One per connection, touched only on
/// its event loop.
final class ConnectionIdentity {
    enum Player {
        case key(KeyFingerprint)
        case guest
    }

    let address: String
    let connectionID: Int
    /// nil: may play; otherwise the one line that tells the player why not.
    var refusal: String?
    var player: Player?
    var userName = ""
    var hasGame = false

    init(address: String, connectionID: Int, refusal: String?) {
        self.address = address
        self.connectionID = connectionID
        self.refusal = refusal
    }
}

/// Public keys (any, or those in --authorized-keys), and "none" for the user name "guest" when
/// guests are allowed. OpenSSH's client always tries "none" first, so accepting it for every
/// name would turn every player into a guest and their key, and saved scores, would never count.
final class PlayerAuthenticator: NIOSSHServerUserAuthenticationDelegate {
    static let guestName = "guest"
    let identity: ConnectionIdentity
    let authorizedKeys: Set<KeyFingerprint>?
    let allowGuests: Bool
    let logger: Logger

    init(identity: ConnectionIdentity, authorizedKeys: Set<KeyFingerprint>?, allowGuests: Bool, logger: Logger) {
        self.identity = identity
        self.authorizedKeys = authorizedKeys
        self.allowGuests = allowGuests
        self.logger = logger
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { .publicKey }

    func requestReceived(request: NIOSSHUserAuthenticationRequest,
                         responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        let user = ClientText.neutralised(request.username, limit: 32)
        switch request.request {
        case .publicKey(let offer):
            guard let fingerprint = KeyFingerprint(offer.publicKey) else {
                responsePromise.succeed(.failure)
                return
            }
            if let authorizedKeys, !authorizedKeys.contains(fingerprint) {
                logger.info("auth refused", metadata: ["conn": "\(identity.connectionID)", "method": "publickey",
                                                       "key": "\(fingerprint)", "user": "\(user)", "reason": "key not in --authorized-keys"])
                responsePromise.succeed(.failure)
                return
            }
            identity.player = .key(fingerprint)
            identity.userName = request.username
            logger.info("auth", metadata: ["conn": "\(identity.connectionID)", "method": "publickey",
                                           "key": "\(fingerprint)", "user": "\(user)"])
            responsePromise.succeed(.success)
        case .none where allowGuests && request.username == Self.guestName:
            identity.player = .guest
            identity.userName = request.username
            logger.info("auth", metadata: ["conn": "\(identity.connectionID)", "method": "none", "user": "\(user)"])
            responsePromise.succeed(.success)
        case .none:
            responsePromise.succeed(.failure)
        case .password, .hostBased:
            logger.info("auth refused", metadata: ["conn": "\(identity.connectionID)", "method": "password/hostbased",
                                                   "user": "\(user)", "reason": "keys only"])
            responsePromise.succeed(.failure)
        }
    }
}

/// Remote port forwarding (`ssh -R`): refused and logged.
struct RefusingGlobalRequests: GlobalRequestDelegate {
    let connectionID: Int
    let logger: Logger

    func tcpForwardingRequest(_ request: GlobalRequest.TCPForwardingRequest, handler: NIOSSHHandler,
                              promise: EventLoopPromise<GlobalRequest.TCPForwardingResponse>) {
        logger.notice("refused", metadata: ["conn": "\(connectionID)", "request": "tcpip-forward (ssh -R)",
                                            "reason": "only the game is served"])
        promise.fail(RefusedRequest())
    }
}

struct RefusedRequest: Error {}
