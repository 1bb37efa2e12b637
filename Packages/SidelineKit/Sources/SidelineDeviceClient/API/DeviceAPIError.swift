import Foundation

/// What can go wrong talking to the device API, in terms the app can act on. The server's
/// error envelope (`{"error": {"code", "message"}}`) is mapped here, at the boundary, with
/// an ``unexpected(status:code:message:)`` fallback for codes this build does not know.
public enum DeviceAPIError: Error, Hashable, Sendable {
    /// No such pairing code (401 `pairing_code_invalid`).
    case pairingCodeInvalid
    /// The code was already used (409 `pairing_code_used`).
    case pairingCodeUsed
    /// The code expired (410 `pairing_code_expired`).
    case pairingCodeExpired
    /// The device secret is missing or wrong, or the device was removed (401).
    case unauthorized
    /// The resource belongs to another device or user (403).
    case forbidden
    /// No such activity or device (404).
    case notFound
    /// The server refused the input (400, 413, 415): a bug in this app or a bad token.
    case invalidInput(message: String)
    /// Too many failed logins from this address (429); `retryAfter` in seconds when given.
    case tooManyAttempts(retryAfter: Int?)
    /// The server is there but could not do it now (5xx).
    case serverUnavailable(status: Int)
    /// No answer: no network, the server is down, or TLS failed. `reason` is the system's.
    case unreachable(reason: String)
    /// An answer this build cannot read (not the documented shape).
    case unexpected(status: Int, code: String?, message: String?)

    /// Whether the same call may work later without anything changing in the app: the
    /// token reporter keeps such a report and sends it on the next wake.
    public var isTransient: Bool {
        switch self {
        case .tooManyAttempts, .serverUnavailable, .unreachable: true
        default: false
        }
    }

    /// Maps an HTTP answer that was not a success.
    static func from(status: Int, body: Data, retryAfter: String?) -> DeviceAPIError {
        let envelope = try? JSONDecoder().decode(ErrorEnvelope.self, from: body)
        switch (status, envelope?.error.code) {
        case (_, "pairing_code_invalid"): return .pairingCodeInvalid
        case (_, "pairing_code_used"): return .pairingCodeUsed
        case (_, "pairing_code_expired"): return .pairingCodeExpired
        case (401, _): return .unauthorized
        case (403, _): return .forbidden
        case (404, _): return .notFound
        case (429, _): return .tooManyAttempts(retryAfter: retryAfter.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) })
        case (400, _), (413, _), (415, _): return .invalidInput(message: envelope?.error.message ?? "")
        case (500...599, _): return .serverUnavailable(status: status)
        default: return .unexpected(status: status, code: envelope?.error.code, message: envelope?.error.message)
        }
    }
}

extension DeviceAPIError: LocalizedError {
    public var errorDescription: String? { ClientMessages.describe(self) }
}
