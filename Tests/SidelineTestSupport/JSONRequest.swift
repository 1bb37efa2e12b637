import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One JSON request (the device API's, a phone's): its status and body as text.
public func sendJSON(_ method: String, to url: URL, _ body: [String: String], bearer: String? = nil) async throws -> (status: Int, body: String) {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = try JSONSerialization.data(withJSONObject: body)
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
    return try await send(request)
}

/// A GET (the status page), with the admin token when given: its status and body as text.
public func getText(_ url: URL, bearer: String? = nil) async throws -> (status: Int, body: String) {
    var request = URLRequest(url: url)
    if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
    return try await send(request)
}

private func send(_ request: URLRequest) async throws -> (status: Int, body: String) {
    try await withCheckedThrowingContinuation { continuation in
        URLSession.shared.dataTask(with: request) { data, response, error in
            if let error { continuation.resume(throwing: error); return }
            continuation.resume(returning: ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data ?? Data(), as: UTF8.self)))
        }.resume()
    }
}
