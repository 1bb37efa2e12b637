import Foundation
import SidelineCore
import Synchronization

/// A scripted answer for one notify service.
struct FakeHomeAssistantReply: Sendable {
    let status: Int
    let retryAfter: String?

    var response: FakeHomeAssistantResponse {
        var response: FakeHomeAssistantResponse = switch status {
        case 200..<300: FakeHomeAssistantResponse(status: status, body: Data("[]".utf8))
        case 401: .text(401, "401: Unauthorized")
        case 400: .badRequest(because: "scripted by the fake Home Assistant")
        default: .text(status, "\(status): scripted by the fake Home Assistant")
        }
        if let retryAfter { response.headers["Retry-After"] = retryAfter }
        return response
    }
}

/// The fake's settings and what it has seen. Locked: requests arrive on NIO's threads, and
/// tests read the calls without `await`.
final class FakeHomeAssistantState: Sendable {
    private struct Value {
        var token: String
        var services: Set<String>
        var scripts: [String: [FakeHomeAssistantReply]] = [:]
        var calls: [FakeHomeAssistantCall] = []
        var phones: [String: FakeHomeAssistantPhone] = [:]
        var redirect: (base: URL, status: Int)?
    }

    private let value: Mutex<Value>
    private let clock: @Sendable () -> Date

    init(token: String, services: Set<String>, clock: @escaping @Sendable () -> Date) {
        value = Mutex(Value(token: token, services: services))
        self.clock = clock
    }

    var calls: [FakeHomeAssistantCall] { value.withLock { $0.calls } }

    func script(_ service: String, _ replies: [FakeHomeAssistantReply]) {
        value.withLock { $0.scripts[service] = replies }
    }

    func setServices(_ services: Set<String>) { value.withLock { $0.services = services } }

    func setToken(_ token: String) { value.withLock { $0.token = token } }

    func phone(_ service: String) -> FakeHomeAssistantPhone { value.withLock { $0.phones[service] ?? FakeHomeAssistantPhone() } }

    func setRedirect(_ redirect: (base: URL, status: Int)?) { value.withLock { $0.redirect = redirect } }

    /// Answers one request and records it, in one step, so a call is always recorded with
    /// the token, services and script of the moment it arrived.
    func handle(method: String, path: String, headers: [String: String], body: Data, json: JSONValue?) -> FakeHomeAssistantResponse {
        let receivedAt = clock()
        let service = FakeHomeAssistantRoutes.service(method: method, path: path)
        return value.withLock { state in
            let authorized = headers["authorization"] == "Bearer \(state.token)"
            // A script answers before the bearer check: it stands for HA (or a proxy in
            // front of it) failing whatever the request, and for a token revoked mid-day.
            var response: FakeHomeAssistantResponse
            if let (base, status) = state.redirect {
                // A proxy in front of HA (http → https): every request, whatever it is.
                response = .text(status, "\(status): Moved")
                response.headers["Location"] = base.absoluteString.trimmingSuffix("/") + path
            } else if let service, var replies = state.scripts[service], !replies.isEmpty {
                response = replies.removeFirst().response
                state.scripts[service] = replies
            } else {
                response = FakeHomeAssistantRoutes.answer(method: method, path: path, json: json, authorized: authorized, services: state.services)
            }
            if let service, let rendered = response.rendered, case .object(let fields)? = json {
                state.phones[service, default: FakeHomeAssistantPhone()].receive(title: rendered.title, message: rendered.message, data: fields["data"], at: receivedAt)
            }
            state.calls.append(FakeHomeAssistantCall(
                method: method, path: path, service: service, authorized: authorized, headers: headers,
                body: body, json: json, status: response.status, refusal: response.refusal,
                renderedTitle: response.rendered?.title, renderedMessage: response.rendered?.message, receivedAt: receivedAt
            ))
            return response
        }
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
