import Foundation
import SidelineDelivery
import SidelineHTTP
import Testing
@testable import SidelineSinks
@testable import SidelineDelivery
import SidelineTestSupport

@Suite("ntfy sink over loopback")
struct NtfySinkTests {
    func sink(_ url: URL, token: String? = nil) throws -> NtfySink {
        try NtfySink(server: url, topic: "sideline-sunday", token: token, delivery: HTTPSinkDelivery(poster: CurlTransport(), timeout: 5, quickRetryDelay: nil, logger: .quiet))
    }

    /// Delivers `event` and returns what the receiver got (nothing for a skipped event).
    func received(_ event: EventEnvelope, token: String? = nil) async throws -> [ReceivedRequest] {
        try await withReceiver { url, log in
            let ntfy = try self.sink(url, token: token)
            try await ntfy.deliver(event, payload: try event.encoded())
            return log.requests
        }
    }

    @Test func kickoffPublishesAReadableNotificationToTheTopic() async throws {
        let request = try #require(try await received(Envelopes.start).first)
        #expect(request.method == "POST")
        #expect(request.path == "/sideline-sunday")
        #expect(try await Python.decodedHeader(request.headers["x-title"] ?? "") == "Kickoff — Dynasty Bros")
        #expect(request.headers["x-priority"] == "3")
        #expect(request.headers["x-tags"] == "football")
        #expect(request.headers["authorization"] == nil)
        #expect(request.text == """
        Gridiron Gang vs Taco Tuesday · Week 12
        Up 15.3 — 87.4 – 72.1
        1 playing · 1 to play · 0 done
        """)
    }

    @Test func finalPublishesTheResultAtHighPriority() async throws {
        let request = try #require(try await received(Envelopes.final).first)
        #expect(try await Python.decodedHeader(request.headers["x-title"] ?? "") == "Final — Dynasty Bros")
        #expect(request.headers["x-priority"] == "4")
        #expect(request.headers["x-tags"] == "checkered_flag")
        #expect(request.text == """
        Gridiron Gang vs Taco Tuesday · Week 12
        Won 112.4 – 98.7
        """)
    }

    @Test func resumedUpdatePublishesAndPlainUpdatesAreSkipped() async throws {
        let resumed = try #require(try await received(Envelopes.resumed).first)
        #expect(try await Python.decodedHeader(resumed.headers["x-title"] ?? "") == "Back in play — Dynasty Bros")
        #expect(resumed.headers["x-priority"] == "3")
        #expect(try await received(Envelopes.pointsUpdate).isEmpty)
        #expect(try await received(Envelopes.make(.update, .players)).isEmpty)
    }

    @Test func rolloverIsQuietAndRemovalIsSilent() async throws {
        let start = try #require(try await received(Envelopes.make(.start, .rollover)).first)
        #expect(try await Python.decodedHeader(start.headers["x-title"] ?? "") == "Still following — Dynasty Bros")
        #expect(start.headers["x-priority"] == "2")
        let end = try #require(try await received(Envelopes.make(.end, .rollover)).first)
        #expect(try await Python.decodedHeader(end.headers["x-title"] ?? "") == "Handing over — Dynasty Bros")
        #expect(end.headers["x-priority"] == "2")
        #expect(try await received(Envelopes.make(.end, .removed, phase: .ended)).isEmpty)
    }

    @Test func accessTokenIsSentAsABearerToken() async throws {
        let request = try #require(try await received(Envelopes.start, token: " tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2\n").first)
        #expect(request.headers["authorization"] == "Bearer tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2")
    }

    @Test func forbiddenIsPermanentAndPointsAtTheToken() async throws {
        let error = try await withReceiver { url, log in
            log.answer(403)
            let ntfy = try self.sink(url, token: "tk_wrong")
            return await captured { try await ntfy.deliver(Envelopes.start, payload: try Envelopes.start.encoded()) }
        }
        #expect(error?.isPermanent == true)
        #expect(error?.message.contains("access token") == true)
        #expect(error?.message.contains("tk_wrong") == false)
    }

    @Test func serverErrorIsRetryable() async throws {
        let error = try await withReceiver { url, log in
            log.answer(503)
            let ntfy = try self.sink(url)
            return await captured { try await ntfy.deliver(Envelopes.final, payload: try Envelopes.final.encoded()) }
        }
        #expect(error?.isPermanent == false)
    }

    @Test func serverPathPrefixIsKept() throws {
        let ntfy = try NtfySink(server: #require(URL(string: "https://push.example.org/ntfy/")), topic: "abc_1", delivery: .offline)
        #expect(ntfy.url.absoluteString == "https://push.example.org/ntfy/abc_1")
    }

    @Test func topicsNtfyWouldRefuseAreRejectedAtStartup() throws {
        let server = try #require(URL(string: "https://ntfy.sh"))
        #expect(throws: NtfySinkError.badTopic("my topic")) { try NtfySink(server: server, topic: "my topic", delivery: .offline) }
        #expect(throws: NtfySinkError.badTopic("")) { try NtfySink(server: server, topic: "", delivery: .offline) }
        #expect(throws: NtfySinkError.badServer) { try NtfySink(server: #require(URL(string: "ftp://ntfy.sh")), topic: "a", delivery: .offline) }
    }
}
