import Foundation
import SidelineCore
import SidelineHTTP

/// Home Assistant's REST API, as the sink needs it: one notify call per push, and the list
/// of notify services to check a target against before it is stored.
///
/// The token is sent only in the `Authorization` header; it is kept out of every answer,
/// error and description (``description``, `dump` and string interpolation show the
/// address only).
public struct HomeAssistantClient: Sendable {
    /// HA's address as configured (`http://homeassistant.local:8123`); a path prefix (HA
    /// behind a reverse proxy) is kept.
    public let baseURL: URL
    private let token: String
    private let transport: any HTTPTransport
    private let poster: any HTTPPoster
    private let timeout: TimeInterval

    /// - Parameters:
    ///   - baseURL: HA's address.
    ///   - token: a long-lived access token.
    ///   - transport: for the service list (its own timeout applies).
    ///   - poster: for notify calls. Both are a ``CurlTransport`` in production; no default,
    ///     so a forgotten argument never means real network calls.
    ///   - timeout: per notify call, in seconds.
    public init(baseURL: URL, token: String, transport: any HTTPTransport, poster: any HTTPPoster, timeout: TimeInterval = 10) {
        self.baseURL = baseURL
        self.token = token
        self.transport = transport
        self.poster = poster
        self.timeout = timeout
    }

    /// `POST <base>/api/services/notify/<service>` with `body` (the notify service data, as
    /// JSON) sent byte for byte.
    ///
    /// `service` may be given as `notify.<name>`; a name HA could not have
    /// (``HomeAssistantService/normalized(_:)`` gives `nil`) is answered `badRequest`
    /// without a call, so no text from configuration ever becomes an arbitrary URL path.
    public func notify(service: String, body: Data) async -> HomeAssistantAnswer {
        guard let name = HomeAssistantService.normalized(service) else {
            return .badRequest(message: "\"\(HomeAssistantAnswer.redacted(String(service.prefix(80)), token: token))\" is not a Home Assistant notify service name")
        }
        let path = "api/services/notify/\(name)"
        guard let url = self.url(path) else { return .notSent(reason: "invalid homeassistant.url") }
        let headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        do {
            let response = try await poster.post(url, headers: headers, body: body, timeout: timeout)
            if case .redirected(let status, let location) = HomeAssistantAnswer.from(response, redacting: token) {
                return .redirected(status: status, location: configurable(location: location, requestURL: url, requestPath: path))
            }
            return .from(response, redacting: token)
        } catch {
            return .from(error, redacting: token)
        }
    }

    /// `GET <base>/api/services`: the names of the `notify` domain's services (without the
    /// `notify.` prefix), e.g. `["mobile_app_alex_iphone"]`.
    public func notifyServices() async throws(HomeAssistantError) -> Set<String> {
        let response = try await authorizedGet("api/services")
        let domains: [ServiceDomain]
        do {
            domains = try JSONDecoder().decode([ServiceDomain].self, from: response.body)
        } catch {
            throw .unexpected("the answer is not a list of service domains")
        }
        var names: Set<String> = []
        for entry in domains where entry.domain == "notify" { names.formUnion((entry.services ?? [:]).keys) }
        return names
    }

    /// `GET <base>/api/`: HA answers `200 {"message": "API running."}` to an accepted token
    /// and 401 to any other (`sideline check`). `nil` when the token is accepted.
    public func tokenProblem() async -> HomeAssistantError? {
        do {
            _ = try await authorizedGet("api/")
            return nil
        } catch {
            return error
        }
    }

    /// `GET <base>/<path>` with the token: the 200 answer, or what is wrong in words that
    /// never hold the token.
    private func authorizedGet(_ path: String) async throws(HomeAssistantError) -> HTTPTransportResponse {
        guard let url = self.url(path) else { throw .unreachable("invalid homeassistant.url") }
        let response: HTTPTransportResponse
        do {
            response = try await transport.get(url, headers: ["Authorization": "Bearer \(token)"])
        } catch {
            throw .unreachable("\(HTTPPostError.redacted(url)): \(HomeAssistantAnswer.redacted(error.reason, token: token))")
        }
        switch response.status {
        case 200: return response
        case 300..<400:
            // Not followed (``CurlTransport`` never follows a GET that carries a token).
            throw .redirected(status: response.status, location: configurable(location: response.headers["Location"], requestURL: url, requestPath: path))
        case 401, 403: throw .unauthorized
        default:
            let said = HomeAssistantAnswer.message(in: response.body, status: response.status, redacting: token).map { " — \($0)" } ?? ""
            throw .unexpected("HTTP \(response.status)\(said)")
        }
    }

    /// The address to configure, from a redirect's `Location` for `<base>/<requestPath>`: the
    /// location resolved against the request, less that path (`https://ha.example:8123`), so
    /// the person can paste it as `homeassistant.url`; the whole location when it does not
    /// end in the path (a login page). Never holds the token; `nil` without a `Location`.
    func configurable(location: String?, requestURL: URL, requestPath: String) -> String? {
        guard let location, let resolved = URL(string: location, relativeTo: requestURL)?.absoluteURL else { return nil }
        var text = HomeAssistantAnswer.redacted(resolved.absoluteString, token: token)
        if let query = text.firstIndex(of: "?") { text = String(text[..<query]) }
        guard text.hasSuffix("/" + requestPath) else { return text }
        return String(text.dropLast(requestPath.count + 1))
    }

    /// `<base>/<path>`, whether or not the base ends in `/`.
    private func url(_ path: String) -> URL? {
        let base = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        return URL(string: "\(base)/\(path)")
    }

    /// One entry of `GET /api/services`. Only the notify domain's service names are read;
    /// `services` is optional so an odd entry of another domain does not spoil the list.
    private struct ServiceDomain: Decodable {
        let domain: String
        let services: [String: Skipped]?
    }

    /// A service's description (fields, targets), which can run to kilobytes: not kept.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) {}
    }
}

extension HomeAssistantClient: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "HomeAssistantClient(\(HTTPPostError.redacted(baseURL)))" }
    public var debugDescription: String { description }
    /// `dump` and the debugger show the address only: a default mirror would list the token.
    public var customMirror: Mirror { Mirror(self, children: ["baseURL": HTTPPostError.redacted(baseURL)]) }
}
