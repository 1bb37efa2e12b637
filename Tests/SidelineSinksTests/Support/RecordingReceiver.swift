import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
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

/// A webhook/ntfy receiver on 127.0.0.1, port 0: records every request and answers the
/// statuses it is told to. Started and stopped like the fake Sleeper (a `ServiceGroup`, so
/// stopping is graceful).
actor RecordingReceiver {
    let log = ReceiverLog()
    private var task: Task<Void, any Error>?
    private var group: ServiceGroup?

    /// Binds and returns the base URL once it accepts connections.
    func start() async throws -> URL {
        var logger = Logger(label: "sideline.test-receiver")
        logger.logLevel = .warning
        let (ports, continuation) = AsyncStream.makeStream(of: Int?.self)
        let app = Application(
            responder: ReceiverResponder(log: log),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: "Receiver"),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port)
                continuation.finish()
            },
            logger: logger
        )
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        self.group = group
        task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() ?? nil, let url = URL(string: "http://127.0.0.1:\(port)") else {
            await stop()
            throw ReceiverError.couldNotBind
        }
        return url
    }

    /// Stops serving and waits until the port is closed.
    func stop() async {
        await group?.triggerGracefulShutdown()
        _ = await task?.result
        task = nil
        group = nil
    }
}

enum ReceiverError: Error { case couldNotBind }

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

/// Runs `body` against a fresh receiver and always stops it.
func withReceiver<T>(_ body: (URL, ReceiverLog) async throws -> T) async throws -> T {
    let receiver = RecordingReceiver()
    let url = try await receiver.start()
    do {
        let result = try await body(url, receiver.log)
        await receiver.stop()
        return result
    } catch {
        await receiver.stop()
        throw error
    }
}

extension Logger {
    /// Keeps the expected "rejected for good" errors out of the test output.
    static var quiet: Logger {
        var logger = Logger(label: "sideline.sinks.test")
        logger.logLevel = .critical
        return logger
    }
}
