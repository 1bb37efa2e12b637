import Foundation
import Logging
import SidelineSinks

import Testing
import SidelineHTTP

/// A poster for tests that must not reach any network: a call is a test failure (the
/// sinks take their HTTP client explicitly, so nothing falls back to a real one).
struct OfflinePoster: HTTPPoster {
    func post(_ url: URL, headers: [String: String], body: Data, timeout: TimeInterval) async throws -> HTTPTransportResponse {
        Issue.record("unexpected POST to \(HTTPPostError.redacted(url)) in an offline test")
        throw HTTPPostError(host: HTTPPostError.redacted(url), reason: "offline test", timedOut: false)
    }
}

extension HTTPSinkDelivery {
    /// For sinks built only to check their settings.
    static var offline: HTTPSinkDelivery { HTTPSinkDelivery(poster: OfflinePoster(), quickRetryDelay: nil, logger: Logger(label: "test")) }
}

