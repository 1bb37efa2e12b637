import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// A service (a Hummingbird application) bound to 127.0.0.1 on a free port, run in its own
/// `ServiceGroup` on a thread of its own, until ``stop()``. The fakes (Sleeper, Home
/// Assistant) and the tests' own servers start and stop this way.
///
/// Its own thread, not Swift's cooperative pool: a fake answers processes and clients that
/// time out, and on a two-core machine the pool is also running every other test beside it.
/// A fake whose answers wait behind that work looks like the outage a test did not script.
public final class LoopbackServer: Sendable {
    public let port: Int
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    private let group: ServiceGroup
    private let task: Task<Void, any Error>
    private let executor: LoopbackExecutor

    private init(port: Int, group: ServiceGroup, task: Task<Void, any Error>, executor: LoopbackExecutor) {
        self.port = port
        self.group = group
        self.task = task
        self.executor = executor
    }

    /// Runs the service `make` builds and returns once it listens. `make` is handed the
    /// callback the service calls with its port when it is running (Hummingbird's
    /// `onServerRunning`); a service that ends without calling it (it could not bind) throws ``LoopbackServerError``.
    public static func start(
        name: String, logger: Logger, _ make: (@escaping @Sendable (Int?) -> Void) -> any Service
    ) async throws -> LoopbackServer {
        let (ports, continuation) = AsyncStream.makeStream(of: Int?.self)
        let service = make { port in
            continuation.yield(port)
            continuation.finish()
        }
        // Our own group (not `Application.run()`) so `stop()` shuts down gracefully:
        // cancelling the server task mid-accept trips NIO's "writer deinited without finish".
        let group = ServiceGroup(configuration: .init(services: [service], gracefulShutdownSignals: [], logger: logger))
        let executor = LoopbackExecutor(name: name)
        let task = Task(executorPreference: executor) {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() ?? nil else {
            await group.triggerGracefulShutdown()
            _ = await task.result
            throw LoopbackServerError(name: name)
        }
        return LoopbackServer(port: port, group: group, task: task, executor: executor)
    }

    /// Stops serving and returns once the port is closed.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }
}

public struct LoopbackServerError: Error, CustomStringConvertible {
    public let name: String
    public var description: String { "\(name) could not bind 127.0.0.1" }
}

extension LoopbackServer {
    /// A Hummingbird `responder` on 127.0.0.1, a free port, as `LoopbackServer.start` runs it.
    public static func start<Responder: HTTPResponder>(
        name: String, responder: Responder, logger: Logger
    ) async throws -> LoopbackServer where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        try await start(name: name, logger: logger) { running in
            Application(
                responder: responder,
                configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: name),
                onServerRunning: { running($0.localAddress?.port) },
                logger: logger
            )
        }
    }
}
