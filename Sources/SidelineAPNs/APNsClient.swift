import Foundation
import Logging
import SidelineCurl

/// Sends Live Activity pushes to APNs and says what to do about each answer.
///
/// One ``CurlHTTP2Client`` (one HTTP/2 connection per APNs host, shared by concurrent sends)
/// and one ``APNsProviderToken`` (one JWT reused until it is ``APNsConfiguration/tokenRefreshAge``
/// old). `send` never throws: every failure is an ``APNsOutcome`` the caller acts on. The
/// one thing handled here is `403 ExpiredProviderToken`: a new JWT and exactly one retry.
public final class APNsClient: Sendable {
    /// APNs's limit for a Live Activity payload.
    public static let maximumPayloadBytes = 4096

    public let configuration: APNsConfiguration
    public let tokens: APNsProviderToken
    private let http: CurlHTTP2Client
    private let logger: Logger

    /// - Parameters:
    ///   - now: the clock for the JWT's `iat` and its refresh; injected for tests.
    /// - Throws: ``APNsCredentialError`` for a malformed key id or team id, or
    ///   ``CurlError`` when libcurl cannot be set up.
    public init(
        configuration: APNsConfiguration, now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "sideline.apns"), tokenStore: (any APNsProviderTokenStore)? = nil
    ) throws {
        self.configuration = configuration
        tokens = try APNsProviderToken(
            keyID: configuration.keyID, teamID: configuration.teamID, key: configuration.signingKey,
            refreshAge: configuration.tokenRefreshAge, now: now, store: tokenStore
        )
        http = try CurlHTTP2Client(options: .init(timeout: configuration.timeout, caFile: configuration.caFile))
        self.logger = logger
    }

    /// Stops the connection thread; pending sends end as ``APNsOutcome/retryLater(status:reason:retryAfter:)``.
    public func close() { http.close() }

    public func send(_ request: APNsRequest) async -> APNsOutcome {
        guard request.payload.count <= Self.maximumPayloadBytes else {
            logger.error("APNs payload refused locally: \(request.payload.count) bytes", metadata: ["push": "\(request)"])
            return .payloadTooLarge
        }
        let jwt = tokens.current()
        switch await attempt(request, jwt: jwt) {
        case .outcome(let outcome):
            return outcome
        case .expiredProviderToken:
            logger.notice("APNs said ExpiredProviderToken; signing a new provider token and retrying once")
            let fresh = tokens.forceRefresh(replacing: jwt)
            switch await attempt(request, jwt: fresh) {
            case .outcome(let outcome):
                return outcome
            case .expiredProviderToken:
                // A token signed a moment ago is "expired": the clock is wrong. Retrying
                // would only repeat it.
                let outcome = APNsOutcome.configurationError(status: 403, reason: "ExpiredProviderToken")
                logger.error("APNs rejected a fresh provider token as expired; check the system clock", metadata: ["push": "\(request)"])
                return outcome
            }
        }
    }

    private func attempt(_ request: APNsRequest, jwt: APNsJWT) async -> APNsResponseClassifier.Classification {
        let base = configuration.baseURL(for: request.environment)
        let url = base.appendingPathComponent("3").appendingPathComponent("device").appendingPathComponent(request.deviceToken)
        let response: CurlResponse
        do {
            response = try await http.send(url: url, headers: request.headers(bearer: jwt.token, bundleID: configuration.bundleID), body: request.payload)
        } catch {
            let outcome = APNsResponseClassifier.classify(error)
            logger.warning("APNs unreachable: \(error)", metadata: ["push": "\(request)"])
            return .outcome(outcome)
        }
        let classification = APNsResponseClassifier.classify(response, apnsID: request.apnsID)
        if (500...599).contains(response.status) {
            // Apple: after a 500 or 503, back off and use a new connection.
            http.resetConnection()
        }
        if case .outcome(let outcome) = classification {
            log(outcome, request: request, httpVersion: response.httpVersion)
        }
        return classification
    }

    private func log(_ outcome: APNsOutcome, request: APNsRequest, httpVersion: CurlHTTPVersion) {
        let metadata: Logger.Metadata = ["push": "\(request)", "http": "\(httpVersion)"]
        switch outcome {
        case .delivered: logger.debug("APNs \(outcome)", metadata: metadata)
        case .retryLater, .tokenRejected: logger.notice("APNs \(outcome)", metadata: metadata)
        case .configurationError, .payloadTooLarge: logger.error("APNs \(outcome)", metadata: metadata)
        }
    }
}
