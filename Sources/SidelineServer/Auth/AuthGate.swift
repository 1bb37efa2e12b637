import Foundation
import Hummingbird
import SidelineCore
import SidelineEngine
import Synchronization

/// Shared by both auth middlewares: the throttle, and reading a bearer credential.
final class AuthGate: Sendable {
    private let throttle: Mutex<AuthThrottle>
    let trustedProxies: Set<String>
    let now: @Sendable () -> Date

    init(throttle: AuthThrottle = AuthThrottle(), trustedProxies: Set<String>, now: @escaping @Sendable () -> Date) {
        self.throttle = Mutex(throttle)
        self.trustedProxies = trustedProxies
        self.now = now
    }

    /// Throws 429 when the caller's address has failed too often lately.
    func admit(_ request: Request, context: APIRequestContext) throws(APIError) -> String {
        let address = request.clientAddress(peer: context.peerAddress, trustedProxies: trustedProxies)
        let instant = now()
        if case .refuse(let seconds) = throttle.withLock({ $0.check(address, at: instant) }) {
            throw APIError.tooManyAttempts(retryAfter: seconds)
        }
        return address
    }

    func recordFailure(_ address: String) {
        let instant = now()
        throttle.withLock { $0.recordFailure(address, at: instant) }
    }

    /// The `Authorization: Bearer …` credential; for the status page in a browser, the
    /// password of `Authorization: Basic …` works too.
    static func credential(_ request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0].lowercased() {
        case "bearer":
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            return value.isEmpty ? nil : value
        case "basic":
            guard let data = Data(base64Encoded: parts[1].trimmingCharacters(in: .whitespaces)),
                  let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":") else { return nil }
            let password = String(text[text.index(after: colon)...])
            return password.isEmpty ? nil : password
        default:
            return nil
        }
    }
}

/// Routes a paired device calls: the bearer secret must be a live device's. Sets
/// `context.device`.
struct DeviceAuthMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let gate: AuthGate
    let environment: ServerEnvironment

    func handle(_ request: Request, context: APIRequestContext, next: (Request, APIRequestContext) async throws -> Response) async throws -> Response {
        let address = try gate.admit(request, context: context)
        guard let secret = AuthGate.credential(request) else {
            gate.recordFailure(address)
            throw APIError.unauthorized(Messages.Server.missingSecret)
        }
        let hash = Credentials.secretHash(secret)
        let device: Device?
        do {
            device = try Credentials.deviceID(inSecret: secret).flatMap { id throws(DeviceError) in
                try environment.devices.device(id: id) { Credentials.constantTimeEqual($0, hash) }
            }
        } catch {
            environment.logger.error("device lookup failed: \(error)")
            throw APIError.databaseUnavailable
        }
        guard let device else {
            gate.recordFailure(address)
            throw APIError.unauthorized(Messages.Server.wrongSecret)
        }
        var context = context
        context.device = device
        return try await next(request, context)
    }
}

/// Admin routes and the status page: the configured `server.admin_token`.
struct AdminAuthMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let gate: AuthGate
    let adminToken: Secret?

    func handle(_ request: Request, context: APIRequestContext, next: (Request, APIRequestContext) async throws -> Response) async throws -> Response {
        guard let adminToken else { throw APIError(.forbidden, "admin_disabled", Messages.Server.adminDisabled) }
        let address = try gate.admit(request, context: context)
        guard let presented = AuthGate.credential(request) else {
            gate.recordFailure(address)
            var error = APIError.unauthorized(Messages.Server.missingAdminToken)
            // A browser asks for the token (any user name, the token as password).
            if request.headers[.accept]?.contains("text/html") == true {
                error.headers[.wwwAuthenticate] = "Basic realm=\"sideline\", charset=\"UTF-8\""
            }
            throw error
        }
        guard Credentials.tokenMatches(presented, expected: adminToken.value) else {
            gate.recordFailure(address)
            throw APIError.unauthorized(Messages.Server.wrongAdminToken)
        }
        return try await next(request, context)
    }
}
