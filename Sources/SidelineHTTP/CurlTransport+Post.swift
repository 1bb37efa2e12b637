import Foundation
import SidelineCurl

extension CurlTransport: HTTPPoster {
    /// POSTs over the transport's client, so sink requests reuse its connections.
    ///
    /// A 3xx is returned, not followed: `URLSession` turned a redirected POST into a GET
    /// without its body, which a receiver could answer 200 for an event it never got; the
    /// sinks' `HTTPDeliveryVerdict` treats the 3xx as a configuration problem to fix instead.
    /// The transport's `User-Agent` is sent unless `headers` names one.
    public func post(_ url: URL, headers: [String: String], body: Data, timeout: TimeInterval) async throws -> HTTPTransportResponse {
        let lines = Self.merge(["User-Agent": userAgent], headers)
        let request = CurlRequest(.post, url: url.absoluteString, headers: lines, body: body, timeout: timeout)
        do throws(CurlError) {
            return try await Self.response(client.get().send(request))
        } catch {
            throw HTTPPostError(host: HTTPPostError.redacted(url), reason: Self.reason(for: error, sourceAddress: sourceAddress), timedOut: error.kind == .timedOut)
        }
    }
}
