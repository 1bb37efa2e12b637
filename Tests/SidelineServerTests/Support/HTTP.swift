import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small HTTP client for the tests: URLSession with a completion handler bridged by a
/// continuation, so nothing waits on Swift's cooperative pool.
enum HTTP {
    struct Response: Sendable {
        let status: Int
        let headers: [String: String]
        let body: Data

        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
        var errorCode: String? { (json?["error"] as? [String: Any])?["code"] as? String }
        var errorMessage: String? { (json?["error"] as? [String: Any])?["message"] as? String }
        func header(_ name: String) -> String? { headers.first { $0.key.lowercased() == name.lowercased() }?.value }
    }

    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }()

    static func send(_ method: String, _ url: URL, json: [String: Any]? = nil, body: Data? = nil, bearer: String? = nil, headers: [String: String] = [:]) async throws -> Response {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        } else if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let sendable = request
        return try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: sendable) { data, response, error in
                if let error { continuation.resume(throwing: error); return }
                let http = response as? HTTPURLResponse
                var fields: [String: String] = [:]
                for (key, value) in http?.allHeaderFields ?? [:] { fields["\(key)"] = "\(value)" }
                continuation.resume(returning: Response(status: http?.statusCode ?? 0, headers: fields, body: data ?? Data()))
            }.resume()
        }
    }
}
