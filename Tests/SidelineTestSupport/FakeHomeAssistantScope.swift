import Foundation
import SidelineFakeHomeAssistant

/// Runs `body` against a Home Assistant look-alike on loopback; stopped when it returns.
public func withFakeHomeAssistant<T>(
    token: String, notifyServices: Set<String>, clock: @escaping @Sendable () -> Date = { Date() },
    _ body: (FakeHomeAssistant, URL) async throws -> T
) async throws -> T {
    let fake = FakeHomeAssistant(token: token, notifyServices: notifyServices, clock: clock)
    return try await withTeardown({ try await fake.start() }, tearDown: { _ in await fake.stop() }) { base in
        try await body(fake, base)
    }
}
