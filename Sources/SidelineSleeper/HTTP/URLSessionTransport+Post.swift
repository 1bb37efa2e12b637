import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport: HTTPPoster {
    /// POSTs over the transport's session (so sink requests reuse its connections).
    ///
    /// `timeout` is rounded up to whole seconds, at least 1, for the reason given on
    /// ``init(timeout:userAgent:)``. The transport's `User-Agent` is sent unless `headers`
    /// names one.
    public func post(_ url: URL, headers: [String: String], body: Data, timeout: TimeInterval) async throws -> HTTPTransportResponse {
        let seconds = max(1, timeout.rounded(.up))
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: seconds)
        request.httpMethod = "POST"
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let outcome = await perform(request)
        let host = HTTPPostError.redacted(url)
        switch outcome {
        case .failure(let error):
            let timedOut = (error as? URLError)?.code == .timedOut
            throw HTTPPostError(host: host, reason: Self.reason(for: error), timedOut: timedOut)
        case .success(let (data, response)):
            guard let http = response as? HTTPURLResponse else {
                throw HTTPPostError(host: host, reason: "not an HTTP response", timedOut: false)
            }
            return Self.response(http, body: data)
        }
    }
}
