import Foundation
import Hummingbird
import Logging
import SidelineLoopback
import SidelineTestSupport
import Synchronization

/// One request as the receiver saw it.
struct ReceivedRequest: Sendable {
    let method: String
    let path: String
    /// Names lower-cased.
    let headers: [String: String]
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// What the receiver has seen and what it answers next. Locked: requests arrive on NIO's threads.
final class ReceiverLog: Sendable {
    private let state = Mutex<(requests: [ReceivedRequest], statuses: [Int])>(([], []))

    var requests: [ReceivedRequest] { state.withLock { $0.requests } }

    /// Answers these statuses in order, then 200 for ever.
    func answer(_ statuses: Int...) { state.withLock { $0.statuses = statuses } }

    func record(_ request: ReceivedRequest) -> Int {
        state.withLock { state in
            state.requests.append(request)
            return state.statuses.isEmpty ? 200 : state.statuses.removeFirst()
        }
    }
}

struct ReceiverResponder: HTTPResponder {
    let log: ReceiverLog

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName.lowercased()] = field.value }
        let buffer = try await request.body.collect(upTo: 1 << 20)
        let status = log.record(ReceivedRequest(
            method: request.method.rawValue, path: request.uri.path, headers: headers,
            body: Data(buffer.readableBytesView)
        ))
        let answer = status == 200 ? "" : "refused by the test receiver"
        return Response(
            status: HTTPResponse.Status(code: status),
            headers: [.contentType: "text/plain"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: answer))
        )
    }
}

/// Runs `body` against a webhook/ntfy receiver on 127.0.0.1 that records every request and
/// answers the statuses it is told to; stopped when `body` returns.
func withReceiver<T>(_ body: (URL, ReceiverLog) async throws -> T) async throws -> T {
    let log = ReceiverLog()
    let start = { try await LoopbackServer.start(name: "Receiver", responder: ReceiverResponder(log: log), logger: .quiet) }
    return try await withTeardown(start, tearDown: { await $0.stop() }) { server in try await body(server.baseURL, log) }
}
