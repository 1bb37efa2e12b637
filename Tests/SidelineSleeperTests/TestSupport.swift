import Foundation
import SidelineCore
import SidelineFakeSleeper
import Synchronization
@testable import SidelineSleeper
import SidelineHTTP

enum Fixture {
    static func data(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
        }
        return try Data(contentsOf: url)
    }
}

/// Answers each path with a fixed body, for decoding tests without a server.
struct CannedTransport: HTTPTransport {
    let bodies: [String: (status: Int, body: Data)]

    init(_ bodies: [String: (status: Int, body: Data)]) { self.bodies = bodies }

    init(path: String, body: String, status: Int = 200) {
        self.bodies = [path: (status, Data(body.utf8))]
    }

    func get(_ url: URL, headers: [String: String]) async throws(HTTPUnreachable) -> HTTPTransportResponse {
        guard let canned = bodies[url.path] else {
            // Fail closed: a test that reaches an unexpected path must not pass quietly.
            throw HTTPUnreachable(url: url.absoluteString, reason: "no canned answer for \(url.path)")
        }
        return HTTPTransportResponse(status: canned.status, headers: HTTPResponseHeaders(), body: canned.body)
    }
}

/// Records every call it admits.
final class RecordingGate: CallGate {
    private let calls = Mutex<[SleeperCall]>([])

    var recorded: [SleeperCall] { calls.withLock { $0 } }

    func admit(_ call: SleeperCall) async throws(SleeperError) {
        calls.withLock { $0.append(call) }
    }
}

/// Refuses every call, like a spent budget.
struct RefusingGate: CallGate {
    func admit(_ call: SleeperCall) async throws(SleeperError) {
        throw .budgetExhausted(endpoint: call.path)
    }
}

func cannedClient(_ path: String, _ body: String, status: Int = 200) -> HTTPSleeperClient {
    HTTPSleeperClient(baseURL: URL(fileURLWithPath: "/"), transport: CannedTransport(path: path, body: body, status: status), gate: OpenCallGate())
}

/// A world holding the scripted game day at `now`.
func scriptedWorld(at now: Date = GameDayScript.earlyKickoff.addingTimeInterval(3_600)) -> FakeSleeperWorld {
    GameDayScript.world(at: now)
}

func team(_ code: String) -> TeamCode? { TeamCode(normalizing: code) }
