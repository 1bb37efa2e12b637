/// When one HTTP/1 connection must be closed: a value fed the connection's events, with the
/// instant passed in (time since the connection opened), so its rules are tested without
/// a socket or a clock.
///
/// - Idle (nothing read since the last response, or since the connection opened): closed
///   `idleTimeout` after that.
/// - A head begun (bytes arrived while idle): it must be complete within `headTimeout` of
///   its first byte, however the bytes trickle in.
/// - A body being read: closed when nothing arrives for `idleTimeout`.
/// - A request read and being answered: no deadline (the handler may wait for a pass).
struct ConnectionDeadlines: Sendable, Hashable {
    enum Reading: Sendable, Hashable {
        case nothing
        case head(since: Duration)
        case body(lastRead: Duration)
    }

    let limits: ConnectionLimits
    private(set) var reading = Reading.nothing
    /// Heads received whose responses have not ended (HTTP/1.1 pipelining allows several).
    private(set) var inFlight = 0
    private(set) var idleSince: Duration

    init(limits: ConnectionLimits, openedAt now: Duration) {
        self.limits = limits
        idleSince = now
    }

    mutating func bytesRead(at now: Duration) {
        switch reading {
        case .nothing: reading = .head(since: now)
        case .head: break
        case .body: reading = .body(lastRead: now)
        }
    }

    mutating func headReceived(at now: Duration) {
        reading = .body(lastRead: now)
        inFlight += 1
    }

    mutating func requestRead() {
        reading = .nothing
    }

    mutating func responseEnded(at now: Duration) {
        inFlight = max(0, inFlight - 1)
        if inFlight == 0 { idleSince = now }
    }

    /// When the connection must be closed; `nil` while a request is being answered.
    var deadline: Duration? {
        switch reading {
        case .head(let since): since + limits.headTimeout
        case .body(let lastRead): lastRead + limits.idleTimeout
        case .nothing: inFlight > 0 ? nil : idleSince + limits.idleTimeout
        }
    }

    func hasExpired(at now: Duration) -> Bool {
        guard let deadline else { return false }
        return now >= deadline
    }
}
