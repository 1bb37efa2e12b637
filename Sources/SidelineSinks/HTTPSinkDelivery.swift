import Foundation
import Logging
import SidelineDelivery

import SidelineHTTP

/// What a receiver's status means for a delivery.
public enum HTTPDeliveryVerdict: Sendable, Equatable {
    case delivered
    /// Worth another try: the receiver is down, overloaded or asked us to slow down.
    case retryable
    /// The receiver refused this request; sending it again cannot change that.
    case permanent

    /// 2xx delivers; 408, 425, 429 and 5xx are retryable; every other status (other 4xx,
    /// and a 3xx: ``CurlTransport`` does not follow redirects for a POST) is permanent: it
    /// is a configuration problem (wrong URL, secret or token) that a retry every pass would
    /// only repeat.
    public static func forStatus(_ status: Int) -> HTTPDeliveryVerdict {
        switch status {
        case 200..<300: .delivered
        case 408, 425, 429, 500...: .retryable
        default: .permanent
        }
    }
}

/// The HTTP part every push sink shares: POST, read the status, maybe try once more at
/// once, and turn the outcome into a ``DeliveryError``.
///
/// The engine retries a failed delivery on its next pass, so the quick retry here is only
/// for blips (a connection reset, a 502 while the receiver restarts): one more attempt
/// after a short delay, never after a timeout (that would double an already long wait)
/// and never after 429 (the receiver asked us to slow down).
public struct HTTPSinkDelivery: Sendable {
    /// The default per-request timeout: short, because a pass waits for its deliveries.
    public static let defaultTimeout: TimeInterval = 10
    /// The default delay before the one quick retry.
    public static let defaultQuickRetryDelay: Duration = .milliseconds(500)

    let poster: any HTTPPoster
    let timeout: TimeInterval
    /// `nil` turns the quick retry off.
    let quickRetryDelay: Duration?
    let clock: any Clock<Duration>
    let logger: Logger

    /// - Parameters:
    ///   - poster: the HTTP client (a ``CurlTransport`` in production). No default: a
    ///     forgotten argument must not mean real network calls (the wiring passes it).
    ///   - timeout: per-request timeout in seconds.
    ///   - quickRetryDelay: how long to wait before the single in-call retry; `nil` for none.
    ///   - clock: what the quick retry sleeps on (a manual clock in tests).
    ///   - logger: permanent rejections are logged here at `error`, retries at `debug`.
    public init(
        poster: any HTTPPoster,
        timeout: TimeInterval = HTTPSinkDelivery.defaultTimeout,
        quickRetryDelay: Duration? = HTTPSinkDelivery.defaultQuickRetryDelay,
        clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger = Logger(label: "sideline.sinks")
    ) {
        self.poster = poster
        self.timeout = timeout
        self.quickRetryDelay = quickRetryDelay
        self.clock = clock
        self.logger = logger
    }

    /// POSTs `body` to `url`. `headers` is called once per attempt, so a signature can carry
    /// the attempt's own timestamp.
    ///
    /// - Parameters:
    ///   - sink: the sink's name, for messages and log metadata.
    ///   - activity: the event's activity id, for log metadata.
    ///   - rejectionHint: appended to the message for 401 and 403 (what to check).
    func send(
        sink: String, activity: String, to url: URL, body: Data,
        rejectionHint: String, headers: () -> [String: String]
    ) async throws(DeliveryError) {
        let host = HTTPPostError.redacted(url)
        var mayRetry = quickRetryDelay != nil
        while true {
            let failure: DeliveryError
            var retryNow = false
            do {
                let response = try await poster.post(url, headers: headers(), body: body, timeout: timeout)
                switch HTTPDeliveryVerdict.forStatus(response.status) {
                case .delivered:
                    return
                case .permanent:
                    let message = Self.rejection(host: host, response: response, hint: rejectionHint)
                    logger.error("\(sink) delivery rejected for good: \(message)",
                                 metadata: ["sink": "\(sink)", "activity": "\(activity)", "status": "\(response.status)"])
                    throw DeliveryError(message, isPermanent: true)
                case .retryable:
                    failure = DeliveryError(Self.rejection(host: host, response: response, hint: nil))
                    retryNow = response.status != 429
                }
            } catch let error as DeliveryError {
                throw error
            } catch let error as HTTPPostError {
                failure = DeliveryError(error.description)
                retryNow = !error.timedOut
            } catch {
                failure = DeliveryError("could not reach \(host): \(error)")
            }
            guard mayRetry, retryNow, !Task.isCancelled, let delay = quickRetryDelay else { throw failure }
            mayRetry = false
            logger.debug("\(sink) delivery failed, trying once more: \(failure.message)",
                         metadata: ["sink": "\(sink)", "activity": "\(activity)"])
            do { try await clock.sleep(for: delay) } catch { throw failure }
        }
    }

    /// `"https://hooks.example.com answered HTTP 401 — invalid signature; check …"`.
    static func rejection(host: String, response: HTTPTransportResponse, hint: String?) -> String {
        var message = "\(host) answered HTTP \(response.status)"
        let said = String(decoding: response.body.prefix(200), as: UTF8.self)
            .split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        if !said.isEmpty { message += " — \(said)" }
        if let hint, response.status == 401 || response.status == 403 { message += "; \(hint)" }
        return message
    }
}
