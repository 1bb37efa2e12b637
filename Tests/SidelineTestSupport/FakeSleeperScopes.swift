import Foundation
import SidelineFakeSleeper

/// Runs `body` against a fake Sleeper on loopback serving `world`; stopped when it returns.
public func withFakeSleeper<T>(
    _ world: FakeSleeperWorld = FakeSleeperWorld(), _ body: (URL, FakeSleeperWorld) async throws -> T
) async throws -> T {
    let server = FakeSleeperServer(world: world)
    return try await withTeardown({ try await server.start() }, tearDown: { _ in await server.stop() }) { base in
        try await body(base, world)
    }
}

/// Runs `body` against a fake Sleeper playing the scripted game day, its clock at `start`.
public func withScriptedSleeper<T>(at start: String, _ body: (URL, FakeSleeperWorld) async throws -> T) async throws -> T {
    let world = FakeSleeperWorld()
    GameDayScript.install(into: world, at: utc(start))
    return try await withFakeSleeper(world, body)
}
