import Foundation
import SidelineCore
import SidelineCurl
import SidelineHTTP

/// What Home Assistant made of one notify call, in the terms the sink decides on.
///
/// HA answering 200 means its push relay took the request, not that the phone showed it
/// (relay-side refusals appear only in HA's log).
public enum HomeAssistantAnswer: Sendable, Hashable {
    /// 2xx: HA took it.
    case accepted
    /// 401 (or 403): the token is wrong or revoked; every target fails alike until it changes.
    case unauthorized
    /// 400: HA refused this call (unknown service, bad data). A readable reason: HA's own
    /// words when it said more than its plain-text `400: Bad Request`; trimmed, never
    /// holding the token.
    case badRequest(message: String)
    /// 3xx: HA sits behind a redirect (http → https, a proxy). Never followed: libcurl drops
    /// the token on a change of scheme or host, and a POST would lose its body. `location`
    /// is the address to configure instead (``HomeAssistantClient`` works it out), when the
    /// answer named one.
    case redirected(status: Int, location: String?)
    /// 5xx, 429 or any other status: worth another try, after `retryAfter` when HA (or a
    /// proxy in front of it) asked for one, capped at ``RetryAfter/cap``.
    case failed(status: Int, retryAfter: TimeInterval?)
    /// No connection was made (refused, DNS, TLS): HA never saw the call.
    case notSent(reason: String)
    /// The call went out and no answer came (timeout, reset): HA may have sent the push.
    case unanswered(reason: String)
}

extension HomeAssistantAnswer {
    /// The longest HA message kept: enough for "Service notify.x not found." or a schema
    /// error, short enough for one status line.
    static let messageLimit = 200

    /// The answer an HTTP response stands for.
    static func from(_ response: HTTPTransportResponse, redacting token: String) -> HomeAssistantAnswer {
        switch response.status {
        case 200..<300: .accepted
        case 300..<400: .redirected(status: response.status, location: response.headers["Location"])
        case 401, 403: .unauthorized
        case 400: .badRequest(message: Messages.HomeAssistant.badRequest(message(in: response.body, status: 400, redacting: token)))
        default: .failed(
            status: response.status,
            // HA (aiohttp) always sends `Date`, so an HTTP-date is measured from HA's own
            // clock and no wall time is read here; without it, an HTTP-date is no value.
            retryAfter: RetryAfter.seconds(response.headers["Retry-After"], date: response.headers["Date"])
        )
        }
    }

    /// The answer a POST that got no response stands for. ``CurlTransport`` names a failure
    /// before any byte went out "connection refused", "host not found", "transport closed"
    /// or "TLS: …"; everything else (a timeout, a reset, a cancelled call) may have reached HA.
    static func from(_ error: any Error, redacting token: String) -> HomeAssistantAnswer {
        guard let error = error as? HTTPPostError else {
            return .unanswered(reason: redacted(String(describing: error), token: token))
        }
        if error.timedOut { return .unanswered(reason: error.reason) }
        let notSent = ["connection refused", "host not found", "transport closed"]
        if notSent.contains(error.reason) || error.reason.hasPrefix("TLS") {
            return .notSent(reason: error.reason)
        }
        return .unanswered(reason: error.reason)
    }

    /// HA's `{"message": "..."}`, or the body's text when it is not that (a proxy's page),
    /// on one line, at most ``messageLimit`` characters; `nil` for an empty body and for
    /// aiohttp's plain-text answer that only repeats the status (`400: Bad Request`), which
    /// is how HA answers most refusals.
    static func message(in body: Data, status: Int, redacting token: String) -> String? {
        let said: String
        // A body that is not JSON is not an error here: it falls to the raw text below.
        if case .object(let fields)? = try? JSONDecoder().decode(JSONValue.self, from: body),
           case .string(let message)? = fields["message"] {
            said = message
        } else {
            // Not HA's JSON (an HTML error page from a proxy): its text is still the best clue.
            said = String(decoding: body.prefix(4 * messageLimit), as: UTF8.self)
        }
        let line = said.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty, !isStatusLine(line, status: status) else { return nil }
        let short = line.count > messageLimit ? line.prefix(messageLimit - 1) + "…" : line
        return redacted(short, token: token)
    }

    /// `400: Bad Request`, `401: Unauthorized`: aiohttp's default text for a status, which says
    /// nothing the status does not.
    static func isStatusLine(_ line: String, status: Int) -> Bool {
        guard line.hasPrefix("\(status): ") else { return false }
        return line.dropFirst("\(status): ".count).allSatisfy { $0.isLetter || $0 == " " || $0 == "-" }
    }

    /// `text` with every occurrence of the token replaced: HA's messages and a test poster's
    /// errors are remote or foreign text, and none of it may carry the token into a log.
    static func redacted(_ text: String, token: String) -> String {
        token.isEmpty ? text : text.replacingOccurrences(of: token, with: "[token]")
    }
}
