import Foundation
import Testing
@testable import SidelineDeviceClient

@Suite("The server's error envelope becomes errors a person can act on")
struct DeviceAPIErrorTests {
    func envelope(_ code: String, _ message: String = "m") -> Data {
        Data(#"{"error":{"code":"\#(code)","message":"\#(message)"}}"#.utf8)
    }

    @Test("Pairing refusals are told apart by their code")
    func pairingCodes() {
        #expect(DeviceAPIError.from(status: 401, body: envelope("pairing_code_invalid"), retryAfter: nil) == .pairingCodeInvalid)
        #expect(DeviceAPIError.from(status: 409, body: envelope("pairing_code_used"), retryAfter: nil) == .pairingCodeUsed)
        #expect(DeviceAPIError.from(status: 410, body: envelope("pairing_code_expired"), retryAfter: nil) == .pairingCodeExpired)
        #expect(DeviceAPIError.pairingCodeExpired.errorDescription?.contains("sideline devices invite") == true)
    }

    @Test("Statuses map to what the app does next")
    func statuses() {
        #expect(DeviceAPIError.from(status: 401, body: envelope("unauthorized"), retryAfter: nil) == .unauthorized)
        #expect(DeviceAPIError.from(status: 403, body: envelope("forbidden"), retryAfter: nil) == .forbidden)
        #expect(DeviceAPIError.from(status: 404, body: envelope("not_found"), retryAfter: nil) == .notFound)
        #expect(DeviceAPIError.from(status: 429, body: envelope("too_many_attempts"), retryAfter: "42") == .tooManyAttempts(retryAfter: 42))
        #expect(DeviceAPIError.from(status: 400, body: envelope("invalid_body", "bad token"), retryAfter: nil) == .invalidInput(message: "bad token"))
        #expect(DeviceAPIError.from(status: 503, body: Data("<html>".utf8), retryAfter: nil) == .serverUnavailable(status: 503))
        #expect(DeviceAPIError.from(status: 418, body: envelope("teapot", "short and stout"), retryAfter: nil) == .unexpected(status: 418, code: "teapot", message: "short and stout"))
    }

    @Test("Only what may work later unchanged is transient")
    func transience() {
        #expect(DeviceAPIError.unreachable(reason: "x").isTransient)
        #expect(DeviceAPIError.serverUnavailable(status: 502).isTransient)
        #expect(DeviceAPIError.tooManyAttempts(retryAfter: nil).isTransient)
        #expect(!DeviceAPIError.notFound.isTransient)
        #expect(ReportFailure(.unauthorized) == .unauthorized)
        #expect(ReportFailure(.forbidden) == .rejected)
        #expect(DeviceAPIError.tooManyAttempts(retryAfter: 42).errorDescription?.contains("42 s") == true)
    }
}
