import Foundation
import SidelineCore
import SidelineCurl
import SidelineHTTP

/// ``SleeperClient`` over HTTP: every call passes the ``CallGate`` first, conditional GETs
/// use the ``ResponseCache``, and every foreign failure becomes a ``SleeperError``.
public struct HTTPSleeperClient: SleeperClient {
    /// Sleeper's production API host; paths get `/v1/...` appended.
    public static let defaultBaseURL = URL(string: "https://api.sleeper.app")!  // a literal that always parses

    public let baseURL: URL
    let transport: any HTTPTransport
    let gate: any CallGate
    let cache: any ResponseCache
    /// Marks user/league/roster/member calls as registration calls for the budget.
    public let isRegistration: Bool
    /// Reads the current instant, only to interpret an HTTP-date `Retry-After` when the
    /// response has no `Date` header.
    let now: @Sendable () -> Date

    public init(
        baseURL: URL = HTTPSleeperClient.defaultBaseURL,
        transport: any HTTPTransport,
        gate: any CallGate,
        cache: any ResponseCache = InMemoryResponseCache(),
        isRegistration: Bool = false,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.gate = gate
        self.cache = cache
        self.isRegistration = isRegistration
        self.now = now
    }

    /// The same client, with its user/league/roster/member calls marked as registration.
    public func registering() -> HTTPSleeperClient {
        HTTPSleeperClient(baseURL: baseURL, transport: transport, gate: gate, cache: cache, isRegistration: true, now: now)
    }

    public func nflState() async throws(SleeperError) -> NFLState {
        let body = try await fetch(.state, "/v1/state/nfl").body
        return try decode(WireState.self, body, "/v1/state/nfl").state
    }

    public func user(_ usernameOrID: String) async throws(SleeperError) -> SleeperUser {
        let path = "/v1/user/\(Self.escape(usernameOrID))"
        let body = try await fetch(.user, path).body
        // Sleeper answers 200 with the body `null` for an unknown user.
        if Self.isNull(body) { throw .userNotFound(usernameOrID) }
        return try decode(WireUser.self, body, path).user
    }

    public func leagues(userID: String, season: String) async throws(SleeperError) -> [League] {
        let path = "/v1/user/\(Self.escape(userID))/leagues/nfl/\(Self.escape(season))"
        let body = try await fetch(.leagues, path).body
        if Self.isNull(body) { return [] }
        return try decode([Skippable<WireLeague>].self, body, path).compactMap { $0.value?.league }
    }

    public func league(_ leagueID: String) async throws(SleeperError) -> League {
        let path = "/v1/league/\(Self.escape(leagueID))"
        let body = try await fetchInLeague(.league, path, leagueID).body
        return try decode(WireLeague.self, body, path).league
    }

    public func rosters(leagueID: String) async throws(SleeperError) -> [Roster] {
        let path = "/v1/league/\(Self.escape(leagueID))/rosters"
        let body = try await fetchInLeague(.rosters, path, leagueID).body
        return try decode([Skippable<WireRoster>].self, body, path).compactMap { $0.value?.roster }
    }

    public func members(leagueID: String) async throws(SleeperError) -> [LeagueMember] {
        let path = "/v1/league/\(Self.escape(leagueID))/users"
        let body = try await fetchInLeague(.members, path, leagueID).body
        return try decode([Skippable<WireMember>].self, body, path).compactMap { $0.value?.member }
    }

    public func matchups(leagueID: String, week: Int, ifNoneMatch: String?) async throws(SleeperError) -> MatchupsAnswer {
        let path = "/v1/league/\(Self.escape(leagueID))/matchups/\(week)"
        let result = try await fetchInLeague(.matchups, path, leagueID, validator: .etag(ifNoneMatch))
        if result.notModified { return .unchanged }
        return .changed(try decodeMatchups(result.body, path), etag: result.etag)
    }

    /// The same call validated by the ``ResponseCache`` instead: `nil` means Sleeper answered
    /// 304 to the cached ETag. For tools and tests; the scheduler uses
    /// ``matchups(leagueID:week:ifNoneMatch:)``.
    public func matchups(leagueID: String, week: Int) async throws(SleeperError) -> [MatchupEntry]? {
        let path = "/v1/league/\(Self.escape(leagueID))/matchups/\(week)"
        let result = try await fetchInLeague(.matchups, path, leagueID)
        if result.notModified { return nil }
        return try decodeMatchups(result.body, path)
    }

    /// The hot path of every pass: a reader of its own rather than JSONDecoder (same results).
    func decodeMatchups(_ body: Data, _ path: String) throws(SleeperError) -> [MatchupEntry] {
        do {
            return try MatchupsDecoder.decode(body)
        } catch {
            throw .malformed(url: url(path).absoluteString, reason: error.reason)
        }
    }

    public func players() async throws(SleeperError) -> PlayersIndex {
        let path = "/v1/players/nfl"
        // Not conditional: the index lives on disk, and caching a 14 MB body in memory to
        // save one download a day is a poor trade.
        let body = try await fetch(.players, path, validator: .none).body
        do {
            return try PlayersDecoder.decode(body)
        } catch {
            throw .malformed(url: url(path).absoluteString, reason: error.reason)
        }
    }
}

extension HTTPSleeperClient {
    struct Fetched {
        let body: Data
        /// The server answered 304 to the ETag sent; `body` is the cached one, if any.
        let notModified: Bool
        /// The response's ETag.
        var etag: String? = nil
    }

    /// How a GET is made conditional.
    enum Validator {
        /// Not at all.
        case none
        /// With the ETag the ``ResponseCache`` holds, which remembers the answer.
        case responseCache
        /// With this ETag, which the caller keeps itself (nothing is cached here).
        case etag(String?)
    }

    func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString.trimmingSuffix("/") + path) ?? baseURL.appendingPathComponent(path)
    }

    /// Gate, conditional GET, status handling. Throws for anything but 2xx and a usable 304.
    func fetch(_ kind: SleeperCall.Kind, _ path: String, validator: Validator = .responseCache) async throws(SleeperError) -> Fetched {
        let registrationKinds: Set<SleeperCall.Kind> = [.user, .leagues, .league, .rosters, .members]
        let registration = isRegistration && registrationKinds.contains(kind)
        try await gate.admit(SleeperCall(kind: kind, path: path, isRegistration: registration))
        let target = url(path)
        let key = target.absoluteString
        let cached: CachedResponse?
        let sent: String?
        switch validator {
        case .none: (cached, sent) = (nil, nil)
        case .responseCache:
            cached = await cache.cached(for: key)
            sent = cached?.etag
        case .etag(let etag): (cached, sent) = (nil, etag)
        }
        var headers: [String: String] = [:]
        if let sent { headers["If-None-Match"] = sent }
        let response = try await transport.sleeperGet(target, headers: headers)
        switch response.status {
        case 200..<300:
            let etag = response.headers["ETag"].flatMap { $0.isEmpty ? nil : $0 }
            if case .responseCache = validator, let etag {
                await cache.store(CachedResponse(etag: etag, body: response.body), for: key)
            }
            return Fetched(body: response.body, notModified: false, etag: etag)
        case 304 where sent != nil:
            return Fetched(body: cached?.body ?? Data(), notModified: true, etag: sent)
        default:
            throw .http(status: response.status, url: key,
                        retryAfter: RetryAfter.seconds(response.headers["Retry-After"], date: response.headers["Date"], receivedAt: now()))
        }
    }

    /// ``fetch(_:_:validator:)`` for a league's endpoints: Sleeper answers an unknown league
    /// with 404 and the body `null`, which becomes ``SleeperError/leagueNotFound(_:)``.
    func fetchInLeague(_ kind: SleeperCall.Kind, _ path: String, _ leagueID: String, validator: Validator = .responseCache) async throws(SleeperError) -> Fetched {
        let result: Fetched
        do {
            result = try await fetch(kind, path, validator: validator)
        } catch .http(status: 404, url: _, retryAfter: _) {
            throw .leagueNotFound(leagueID)
        }
        if Self.isNull(result.body) { throw .leagueNotFound(leagueID) }
        return result
    }

    func decode<T: Decodable>(_ type: T.Type, _ body: Data, _ path: String) throws(SleeperError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw .malformed(url: url(path).absoluteString, reason: error.reason)
        }
    }

    static func isNull(_ body: Data) -> Bool {
        // On the bytes: turning every matchups body into a String to trim it was a quarter
        // of the CPU of a busy pass.
        func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = body.firstIndex(where: { !isWhitespace($0) }),
              let last = body.lastIndex(where: { !isWhitespace($0) }) else { return false }
        return body[first...last].elementsEqual("null".utf8)
    }

    /// Usernames may hold characters that are not path-safe.
    /// (League and user ids, digits only, are returned as they are: Foundation's encoding
    /// was a few percent of a matchups call's CPU.)
    static func escape(_ segment: String) -> String {
        if segment.utf8.allSatisfy({ unreserved($0) }) { return segment }
        return segment.addingPercentEncoding(withAllowedCharacters: pathSegmentAllowed) ?? segment
    }

    private static let pathSegmentAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))

    /// RFC 3986's unreserved characters: never encoded.
    private static func unreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}

extension Error {
    /// A one-line reason for a decoding failure, without the full coding-path dump.
    var reason: String {
        switch self as? DecodingError {
        case .typeMismatch(let type, let context)?: "expected \(type) at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case .valueNotFound(_, let context)?, .dataCorrupted(let context)?: context.debugDescription
        case .keyNotFound(let key, _)?: "missing \(key.stringValue)"
        default: String(describing: self)
        }
    }
}
