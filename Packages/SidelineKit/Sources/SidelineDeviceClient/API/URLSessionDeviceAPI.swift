import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``DeviceAPI`` over URLSession: the system's HTTP stack on iOS (proxies, VPN, cellular
/// rules, App Transport Security), FoundationNetworking on Linux for the tests (ADR 023).
public struct URLSessionDeviceAPI: DeviceAPI {
    private let session: URLSession

    /// `session` defaults to an ephemeral one: no cookies, no cache, no credentials on disk.
    public init(session: URLSession? = nil, timeout: TimeInterval = 20) {
        if let session {
            self.session = session
        } else {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            self.session = URLSession(configuration: configuration)
        }
    }

    public func pair(_ request: PairingRequest, on server: URL) async throws(DeviceAPIError) -> PairingResponse {
        let data = try await send("POST", server, "v1/devices", body: request, expecting: 201)
        return try decode(PairingResponse.self, data, status: 201)
    }

    public func rotatePushToStartToken(_ token: String, as device: DeviceCredentials) async throws(DeviceAPIError) {
        let body = PushToStartTokenRequest(token: token, environment: device.environment)
        _ = try await send("PUT", device.server, "v1/devices/\(device.deviceID)/push-to-start-token", body: body, secret: device.deviceSecret, expecting: 204)
    }

    public func reportActivityToken(_ token: String, activity: String, as device: DeviceCredentials) async throws(DeviceAPIError) {
        _ = try await send("PUT", device.server, "v1/activities/\(try segment(activity))/token", body: ActivityTokenRequest(token: token), secret: device.deviceSecret, expecting: 204)
    }

    public func reportDismissal(activity: String, as device: DeviceCredentials) async throws(DeviceAPIError) {
        _ = try await send("POST", device.server, "v1/activities/\(try segment(activity))/dismissed", body: nil as Empty?, secret: device.deviceSecret, expecting: 204)
    }

    public func unpair(_ device: DeviceCredentials) async throws(DeviceAPIError) {
        _ = try await send("DELETE", device.server, "v1/devices/\(device.deviceID)", body: nil as Empty?, secret: device.deviceSecret, expecting: 204)
    }

    public func myActivities(as device: DeviceCredentials) async throws(DeviceAPIError) -> MyActivities {
        let data = try await send("GET", device.server, "v1/me/activities", body: nil as Empty?, secret: device.deviceSecret, expecting: 200)
        return try decode(MyActivities.self, data, status: 200)
    }

    private struct Empty: Encodable {}

    /// Activity ids come from the server (`1-2026w12-…`); anything that would leave the
    /// path segment is refused rather than sent somewhere else.
    private func segment(_ id: String) throws(DeviceAPIError) -> String {
        guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }) else {
            throw .invalidInput(message: "activity id \"\(id)\"")
        }
        return id
    }

    private func send(_ method: String, _ server: URL, _ path: String, body: (some Encodable)?, secret: String? = nil, expecting success: Int) async throws(DeviceAPIError) -> Data {
        var request = URLRequest(url: server.appendingPathComponent(path))
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let secret { request.setValue("Bearer \(secret)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            do { request.httpBody = try JSONEncoder().encode(body) } catch { throw .invalidInput(message: "\(error)") }
        }
        let data: Data, response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw .unreachable(reason: error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else { throw .unexpected(status: 0, code: nil, message: nil) }
        guard http.statusCode == success else {
            throw DeviceAPIError.from(status: http.statusCode, body: data, retryAfter: http.value(forHTTPHeaderField: "Retry-After"))
        }
        return data
    }

    private func decode<T: Decodable>(_ type: T.Type, _ data: Data, status: Int) throws(DeviceAPIError) -> T {
        do { return try JSONDecoder().decode(type, from: data) } catch {
            throw .unexpected(status: status, code: nil, message: "unreadable body (\(error))")
        }
    }
}
