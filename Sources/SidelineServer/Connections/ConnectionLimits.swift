/// How long a client may take: to send a request's head once it has started one, and to
/// send anything at all on an idle connection (or during a request body).
///
/// Without them a client that opens a connection, or sends half a head, holds it forever
/// (slowloris). The defaults are the issue's; tests pass short ones.
public struct ConnectionLimits: Sendable, Hashable {
    public var headTimeout: Duration
    public var idleTimeout: Duration

    public init(headTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(60)) {
        self.headTimeout = headTimeout
        self.idleTimeout = idleTimeout
    }

    public static let standard = ConnectionLimits()
}
