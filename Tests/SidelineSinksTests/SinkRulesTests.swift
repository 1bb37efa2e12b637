import Foundation
import Testing
@testable import SidelineSinks

@Suite("Secrets, statuses and header encoding")
struct SinkRulesTests {
    @Test func secretWithoutPrefixIsRefused() {
        #expect(throws: WebhookSecretError.missingPrefix) { try WebhookSecret("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw") }
    }

    @Test func secretThatIsNotBase64IsRefused() {
        #expect(throws: WebhookSecretError.notBase64) { try WebhookSecret("whsec_not base64 at all!") }
        #expect(throws: WebhookSecretError.empty) { try WebhookSecret("whsec_") }
    }

    @Test func secretWithAShortKeyIsRefused() {
        // "c2hvcnQ=" is "short": 5 bytes.
        #expect(throws: WebhookSecretError.tooShort(bytes: 5)) { try WebhookSecret("whsec_c2hvcnQ=") }
    }

    @Test func secretToleratesATrailingNewlineAndMissingPadding() throws {
        _ = try WebhookSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw\n")
        // 25 bytes of key: base64 needs one "=" of padding, left off here.
        _ = try WebhookSecret("whsec_" + String(Data(repeating: 7, count: 25).base64EncodedString().dropLast()))
    }

    @Test func errorsAndDescriptionsNeverShowTheSecret() throws {
        let secret = try WebhookSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        #expect("\(secret)" == "whsec_(redacted)")
        let bad = "whsec_c2VjcmV0LXRvby1zaG9ydA=="  // "secret-too-short": 16 bytes
        do {
            _ = try WebhookSink(url: #require(URL(string: "https://hooks.example.org/x")), secret: bad, delivery: .offline)
            Issue.record("a short secret was accepted")
        } catch {
            #expect(!"\(error)".contains("c2VjcmV0"))
            #expect("\(error)".contains("at least 24"))
        }
    }

    @Test func webhookURLMustBeHTTP() throws {
        #expect(throws: WebhookSinkError.badURL) {
            try WebhookSink(url: #require(URL(string: "file:///tmp/hook")), secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", delivery: .offline)
        }
    }

    @Test(arguments: [
        (200, HTTPDeliveryVerdict.delivered), (204, .delivered), (400, .permanent), (401, .permanent),
        (404, .permanent), (413, .permanent), (408, .retryable), (429, .retryable), (500, .retryable),
        (503, .retryable), (302, .permanent),
    ])
    func statusVerdicts(status: Int, verdict: HTTPDeliveryVerdict) {
        #expect(HTTPDeliveryVerdict.forStatus(status) == verdict)
    }

    @Test func asciiTitlesPassAsIs() {
        #expect(RFC2047.encode("Final - Dynasty Bros") == "Final - Dynasty Bros")
    }

    @Test func longNonASCIITitlesSplitIntoShortWordsThatDecodeBack() async throws {
        let title = "Kickoff — Die Überflieger aus Köln und Umgebung, Dynasty-Liga 2026 🏈"
        let encoded = RFC2047.encode(title)
        let words = encoded.split(separator: " ")
        #expect(words.count > 1)
        #expect(words.allSatisfy { $0.count <= 75 && $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") })
        #expect(try await Python.decodedHeader(encoded) == title)
    }
}
