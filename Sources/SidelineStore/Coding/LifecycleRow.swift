import Foundation
import SidelineCore

/// A lifecycle state as the store keeps it: compact bytes (~1 kB for an open activity,
/// against ~15 kB for the decoded struct), plus the few fields the scheduler reads on every
/// pass without decoding the rest: whether an activity is open, and its clocks.
public struct LifecycleRow: Sendable, Hashable {
    public let bytes: [UInt8]
    public let isOpen: Bool
    /// The open activity's start, last event and grace start: when it next needs a step.
    public let activityStartedAt: Date?
    public let lastEventAt: Date?
    public let graceSince: Date?

    public init(_ state: LifecycleState) {
        bytes = CompactRows.encode(state)
        isOpen = state.isOpen
        activityStartedAt = state.activity?.startedAt
        lastEventAt = state.activity?.lastEventAt
        if case .grace(let since) = state.activity?.phase { graceSince = since } else { graceSince = nil }
    }

    /// Reads the header only; the view is decoded by ``state()`` when a pass steps the row.
    init(bytes: [UInt8]) throws {
        self.bytes = bytes
        var reader = try CompactReader(bytes, version: CompactRows.lifecycleVersion, what: "lifecycle row")
        let activity = try CompactRows.lifecycleHeader(&reader).activity
        isOpen = activity != nil
        activityStartedAt = activity?.startedAt
        lastEventAt = activity?.lastEventAt
        graceSince = activity?.graceSince
    }

    public func state() throws(StoreError) -> LifecycleState {
        do { return try CompactRows.lifecycleState(bytes) } catch {
            throw StoreError("a stored lifecycle state does not read back (\(error)); remove the registration and add it again")
        }
    }
}
