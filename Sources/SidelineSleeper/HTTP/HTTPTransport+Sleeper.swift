import Foundation
import SidelineHTTP

extension HTTPTransport {
    /// One GET, a missing answer in Sleeper's terms (``SleeperError/unreachable(url:reason:)``).
    func sleeperGet(_ url: URL, headers: [String: String]) async throws(SleeperError) -> HTTPTransportResponse {
        do {
            return try await get(url, headers: headers)
        } catch {
            throw .unreachable(url: error.url, reason: error.reason)
        }
    }
}
