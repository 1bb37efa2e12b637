import Foundation
import SidelineCore

/// An answer the fake gives: status, content type, body and any extra headers; and, for the
/// call log, why it refused the call and what an accepted notify call rendered to.
struct FakeHomeAssistantResponse: Sendable {
    var status: Int
    var contentType = "application/json"
    var body: Data
    var headers: [String: String] = [:]
    /// Why the fake refused the call, in its own words (HA itself says only `400: Bad Request`).
    var refusal: String?
    /// An accepted notify call's `title` and `message` as HA rendered them.
    var rendered: (title: String?, message: String)?

    static func json(_ status: Int, message: String) -> FakeHomeAssistantResponse {
        FakeHomeAssistantResponse(status: status, body: FakeHomeAssistantRoutes.encode(["message": message]))
    }

    /// HA's (aiohttp's) plain-text answers: `401: Unauthorized`, `404: Not Found`.
    static func text(_ status: Int, _ text: String) -> FakeHomeAssistantResponse {
        FakeHomeAssistantResponse(status: status, contentType: "text/plain; charset=utf-8", body: Data(text.utf8))
    }

    /// HA's answer to a service call it refuses (an unknown service, data its schema
    /// refuses, a template that does not compile): a bare `HTTPBadRequest`, plain text.
    static func badRequest(because refusal: String) -> FakeHomeAssistantResponse {
        var response = text(400, "400: Bad Request")
        response.refusal = refusal
        return response
    }
}

/// HA's REST routes, as a pure function of the request and the fake's settings.
enum FakeHomeAssistantRoutes {
    static let notifyPrefix = "/api/services/notify/"

    /// The notify service a path names, for a POST; `nil` otherwise.
    static func service(method: String, path: String) -> String? {
        guard method == "POST", path.hasPrefix(notifyPrefix) else { return nil }
        return String(path.dropFirst(notifyPrefix.count))
    }

    static func answer(method: String, path: String, json: JSONValue?, authorized: Bool, services: Set<String>) -> FakeHomeAssistantResponse {
        // HA checks the bearer on every /api route before routing, so a wrong token on an
        // unknown path is a 401 too.
        guard path == "/api" || path.hasPrefix("/api/") else { return .text(404, "404: Not Found") }
        guard authorized else { return .text(401, "401: Unauthorized") }
        switch (method, path) {
        case ("GET", "/api/"), ("GET", "/api"):
            return .json(200, message: "API running.")
        case ("GET", "/api/services"):
            return FakeHomeAssistantResponse(status: 200, body: serviceList(notify: services))
        default:
            guard let service = service(method: method, path: path), !service.isEmpty, !service.contains("/") else {
                return .text(404, "404: Not Found")
            }
            guard services.contains(service) else { return .badRequest(because: "Service notify.\(service) not found.") }
            // Only a body that is not JSON gets HA's JSON 400; every other refusal is plain.
            guard let json else { return .json(400, message: "Data should be valid JSON.") }
            if let problem = FakeHomeAssistantNotifyRules.problem(with: json) { return .badRequest(because: problem) }
            guard case .object(let fields) = json, case .string(let message)? = fields["message"] else { return .badRequest(because: "no message") }
            // HA's schema compiles `title` and `message` as templates (a syntax error is a 400);
            // the notify service renders them.
            let title: String?
            let rendered: String
            do {
                if case .string(let text)? = fields["title"] { title = try FakeHomeAssistantTemplate.render(text) } else { title = nil }
                rendered = try FakeHomeAssistantTemplate.render(message)
            } catch {
                return .badRequest(because: "invalid template: \(error)")
            }
            // HA answers the states the call changed; a notify call changes none.
            var response = FakeHomeAssistantResponse(status: 200, body: Data("[]".utf8))
            response.rendered = (title, rendered)
            return response
        }
    }

    /// `GET /api/services`: the notify domain with `services`, and another domain, as HA lists
    /// every integration's services.
    static func serviceList(notify services: Set<String>) -> Data {
        var notify: [String: Any] = [:]
        for name in services {
            notify[name] = [
                "name": "Send a notification via \(name)",
                "description": "Sends a notification message using the \(name) integration.",
                "fields": ["message": ["required": true], "title": [:], "target": [:], "data": [:]] as [String: Any],
            ] as [String: Any]
        }
        let light: [String: Any] = [
            "turn_on": ["name": "Turn on", "description": "Turns on one or more lights.", "fields": [:]] as [String: Any],
            "turn_off": ["name": "Turn off", "description": "Turns off one or more lights.", "fields": [:]] as [String: Any],
        ]
        return encode([["domain": "notify", "services": notify], ["domain": "light", "services": light]])
    }

    static func encode(_ object: Any) -> Data {
        // Only ever handed the literals above, which are valid JSON objects.
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}
