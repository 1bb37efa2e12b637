import Foundation
import SidelineCore

/// What a sink's probe may know and do: the instant, the registered devices (Home
/// Assistant's targets, the APNs environments in use), and whether it may deliver something
/// a person sees.
public struct SinkCheckContext: Sendable {
    public let now: Date
    public let devices: [Device]
    /// `true` for `sideline check` (a signed test event, an ntfy message); `false` for the
    /// credentials check `run` and `tick` make on their own, hourly, which must never put a
    /// message in front of anyone.
    public let mayDeliver: Bool

    public init(now: Date, devices: [Device], mayDeliver: Bool) {
        self.now = now
        self.devices = devices
        self.mayDeliver = mayDeliver
    }
}

/// A sink that can prove, before a game, that its pushes will get through (ADR 033). The
/// probe lives with the sink, beside the code that delivers, so the two cannot drift.
public protocol CheckableSink: PushTarget {
    /// One result per thing verified (a token accepted, a service that exists); empty when
    /// there is nothing to verify in this context. Never throws: every failure is a result
    /// that says what to fix.
    func check(_ context: SinkCheckContext) async -> [CheckResult]
}
