import Foundation
import SidelineCore
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``HTTPTransport`` over Foundation's `URLSession`, which on Linux is libcurl (see
/// `docs/adr/001-http-stack.md`). One session per transport so connections are kept alive;
/// no URL cache, because ETags are handled by ``ResponseCache`` where the budget can see them.
public final class URLSessionTransport: HTTPTransport {
    /// Sent as `User-Agent` so Sleeper can tell Sideline instances apart from scrapers.
    public static let defaultUserAgent = "Sideline/\(SidelineVersion.current)"

    // Internal, not private: `URLSessionTransport+Post.swift` shares the session.
    let session: URLSession
    /// Whole seconds: see ``init(timeout:userAgent:)``.
    let timeout: TimeInterval
    let userAgent: String

    /// - Parameters:
    ///   - timeout: per-request timeout in seconds, rounded up to whole seconds (at least 1):
    ///     FoundationNetworking hands libcurl an integer, and a fraction below one second was
    ///     measured to fail every request at once with "timed out".
    ///   - userAgent: the `User-Agent` header.
    public init(timeout: TimeInterval = 15, userAgent: String = URLSessionTransport.defaultUserAgent) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let timeout = max(1, timeout.rounded(.up))
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpShouldSetCookies = false
        self.session = URLSession(configuration: configuration)
        self.timeout = timeout
        self.userAgent = userAgent
    }

    deinit { session.finishTasksAndInvalidate() }

    public func get(_ url: URL, headers: [String: String]) async throws(SleeperError) -> HTTPTransportResponse {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let outcome = await perform(request)
        switch outcome {
        case .failure(let error):
            throw .unreachable(url: url.absoluteString, reason: Self.reason(for: error))
        case .success(let (data, response)):
            guard let http = response as? HTTPURLResponse else {
                throw .unreachable(url: url.absoluteString, reason: "not an HTTP response")
            }
            return Self.response(http, body: data)
        }
    }

    /// Runs one request through the session, bridging the completion handler to async.
    /// Cancelling the calling task cancels the curl transfer.
    func perform(_ request: URLRequest) async -> Result<(Data, URLResponse), any Error> {
        let running = RunningTask()
        return await withTaskCancellationHandler {
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
    }

    static func response(_ http: HTTPURLResponse, body: Data) -> HTTPTransportResponse {
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name] = value }
        }
        return HTTPTransportResponse(status: http.statusCode, headers: HTTPResponseHeaders(fields), body: body)
    }

    static func reason(for error: any Error) -> String {
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: return "timed out"
            case .cancelled: return "cancelled"
            case .cannotConnectToHost: return "connection refused"
            case .cannotFindHost, .dnsLookupFailed: return "host not found"
            case .notConnectedToInternet, .networkConnectionLost: return "network unavailable"
            default: return "network error \(urlError.code.rawValue)"
            }
        }
        return String(describing: error)
    }
}

/// The data task of one `get`, so Swift task cancellation (shutdown) cancels the request
/// instead of letting it run to its timeout. Cancellation may arrive before the task exists.
final class RunningTask: Sendable {
    private let state = Mutex<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}

