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
        // The same completion-handler bridge as `get`, kept separate so the GET path stays
        // exactly as it was measured (ADR 001).
        let running = RunningTask()
        let outcome: Result<(Data, URLResponse), any Error> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(returning: .failure(error))
                    } else if let response {
                        continuation.resume(returning: .success((data ?? Data(), response)))
                    } else {
                        continuation.resume(returning: .failure(URLError(.badServerResponse)))
                    }
                }
                running.start(task)
            }
        } onCancel: {
            running.cancel()
        }
        let host = HTTPPostError.redacted(url)
        switch outcome {
        case .failure(let error):
            let timedOut = (error as? URLError)?.code == .timedOut
            throw HTTPPostError(host: host, reason: Self.reason(for: error), timedOut: timedOut)
        case .success(let (data, response)):
            guard let http = response as? HTTPURLResponse else {
                throw HTTPPostError(host: host, reason: "not an HTTP response", timedOut: false)
            }
            var fields: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { fields[name] = value }
            }
            return HTTPTransportResponse(status: http.statusCode, headers: HTTPResponseHeaders(fields), body: data)
        }
    }
}
