import Foundation
import Testing
import SidelineServer

extension ServerTests {
    @Suite("HTTP hygiene: Host, HTTP/1.0, slow and idle clients")
    struct HTTPHygieneTests {
        /// Short limits so no test waits the real 10 s and 60 s.
        static let limits = ConnectionLimits(headTimeout: .seconds(1), idleTimeout: .seconds(3))

        func connect(_ h: ServerHarness) throws -> RawConnection { try RawConnection(port: h.base.port ?? 0) }

        @Test("An HTTP/1.1 request without Host, or with two, is a JSON 400 and the connection closes")
        func host() async throws {
            try await withServer(limits: Self.limits) { h in
                for head in ["GET /healthz HTTP/1.1\r\n\r\n", "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "GET /healthz HTTP/1.0\r\nHost: a\r\nhost: b\r\n\r\n"] {
                    let connection = try connect(h)
                    connection.send(head)
                    let outcome = await connection.read(wait: 2.5)
                    #expect(outcome.text.hasPrefix("HTTP/1.") && outcome.text.contains(" 400 "), "\(head.debugDescription): \(outcome.text)")
                    #expect(outcome.text.contains("\"bad_request\""), "\(outcome.text)")
                    #expect(outcome.closed, "\(head.debugDescription)")
                }
                // One Host is fine, and a client cannot mark its own request rejected (or not).
                let good = try connect(h)
                good.send("GET /healthz HTTP/1.1\r\nHost: a\r\nX-Sideline-Rejected: host\r\n\r\n")
                let outcome = await good.read(wait: 0.5)
                #expect(outcome.text.hasPrefix("HTTP/1.1 200"), "\(outcome.text)")
                #expect(!outcome.closed)
            }
        }

        @Test("HTTP/1.0 closes after the response unless it asked for keep-alive; HTTP/1.1 closes on Connection: close")
        func http10() async throws {
            try await withServer(limits: Self.limits) { h in
                let plain = try connect(h)
                plain.send("GET /healthz HTTP/1.0\r\n\r\n")
                let closed = await plain.read(wait: 2.5)
                #expect(closed.text.hasPrefix("HTTP/1.0 200"), "\(closed.text)")
                #expect(closed.text.lowercased().contains("connection: close"), "\(closed.text)")
                #expect(closed.closed && closed.seconds < 2, "closed after the response, not by the idle timeout")

                let kept = try connect(h)
                kept.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let first = await kept.read(wait: 0.5)
                #expect(first.text.hasPrefix("HTTP/1.0 200"), "\(first.text)")
                #expect(first.text.lowercased().contains("connection: keep-alive"), "\(first.text)")
                #expect(!first.closed)
                kept.send("GET /healthz HTTP/1.0\r\n\r\n")
                let second = await kept.read(wait: 2.5)
                #expect(second.text.hasPrefix("HTTP/1.0 200") && second.closed, "\(second.text)")

                let close = try connect(h)
                close.send("GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: Close\r\n\r\n")
                let outcome = await close.read(wait: 2.5)
                #expect(outcome.text.hasPrefix("HTTP/1.1 200") && outcome.closed && outcome.seconds < 2, "\(outcome.text)")
            }
        }

        @Test("A head that never finishes is closed after the head timeout, trickled or not; idle connections after the idle timeout")
        func slowClients() async throws {
            try await withServer(limits: Self.limits) { h in
                let half = try connect(h)
                half.send("GET /healthz HTTP/1.1\r\nHost: a\r\n")
                let trickle = try connect(h)
                trickle.send("GET /healthz HTTP/1.1\r\n")
                let writer = Task {
                    for index in 0..<20 {
                        try await Task.sleep(for: .milliseconds(200))
                        trickle.send("X-Slow-\(index): 1\r\n")
                    }
                }
                let silent = try connect(h)
                let answered = try connect(h)
                answered.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")

                async let halfOutcome = half.read(wait: 8)
                async let trickleOutcome = trickle.read(wait: 8)
                async let silentOutcome = silent.read(wait: 8)
                async let answeredOutcome = answered.read(wait: 8)
                let (a, b, c, d) = await (halfOutcome, trickleOutcome, silentOutcome, answeredOutcome)
                writer.cancel()
                _ = await writer.result  // ended before the server is stopped
                #expect(a.closed && a.seconds >= 0.8 && a.seconds < 2.5, "half a head: \(a.seconds) s")
                #expect(a.text.isEmpty, "no response to half a head: \(a.text)")
                #expect(b.closed && b.seconds < 2.5, "a trickled head: \(b.seconds) s")
                #expect(c.closed && c.seconds >= 2.5 && c.seconds < 6, "an idle connection: \(c.seconds) s")
                #expect(d.text.hasPrefix("HTTP/1.1 200"), "\(d.text)")
                #expect(d.closed && d.seconds >= 2.5 && d.seconds < 6, "idle after a response: \(d.seconds) s")
            }
        }
    }
}
