import Foundation
import SidelineHTTP

extension HomeAssistantClient {
    /// `GET <base>/api/`: HA answers `200 {"message": "API running."}` to an accepted token
    /// and 401 to any other. `nil` when the token is accepted; otherwise what is wrong,
    /// worded like the service list's failures (never holding the token).
    public func tokenProblem() async -> HomeAssistantError? {
        guard let url = self.url("api/") else { return .unreachable("invalid homeassistant.url") }
        let response: HTTPTransportResponse
        do {
            response = try await transport.get(url, headers: ["Authorization": "Bearer \(token)"])
        } catch {
            return .unreachable("\(HTTPPostError.redacted(url)): \(HomeAssistantAnswer.redacted(error.reason, token: token))")
        }
        switch response.status {
        case 200: return nil
        case 300..<400:
            return .redirected(status: response.status, location: configurable(location: response.headers["Location"], requestURL: url, requestPath: "api/"))
        case 401, 403: return .unauthorized
        default:
            let said = HomeAssistantAnswer.message(in: response.body, status: response.status, redacting: token).map { " — \($0)" } ?? ""
            return .unexpected("HTTP \(response.status)\(said)")
        }
    }
}
