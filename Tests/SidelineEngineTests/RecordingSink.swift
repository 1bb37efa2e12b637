import Foundation
import Synchronization
@testable import SidelineCore
@testable import SidelineEngine
@testable import SidelineDelivery

/// A sink that remembers what it was given; it can be told to fail.
final class RecordingSink: PushSink, Sendable {
    let name: String
    /// A device target's pushes are committed but, the sink not being a device sender, never sent.
    let addressing: PushAddressing
    /// What a device target's pushes are encoded with at commit.
    let deviceCoding: (any DevicePushCoding)?
    private let state = Mutex<(events: [EventEnvelope], payloads: [Data], failing: Bool)>(([], [], false))

    init(name: String = "stdout", addressing: PushAddressing = .wholeEvent, coding: (any DevicePushCoding)? = nil) {
        self.name = name
        self.addressing = addressing
        deviceCoding = coding
    }

    var events: [EventEnvelope] { state.withLock { $0.events } }
    /// The bytes each event came with, in order (what `tick --json` prints, one a line).
    var payloads: [Data] { state.withLock { $0.payloads } }
    func setFailing(_ failing: Bool) { state.withLock { $0.failing = failing } }

    func deliver(_ event: EventEnvelope, payload: Data) async throws(DeliveryError) {
        let failing = state.withLock { $0.failing }
        if failing { throw DeliveryError("simulated crash before delivery") }
        state.withLock {
            $0.events.append(event)
            $0.payloads.append(payload)
        }
    }
}

extension EventEnvelope {
    /// `"start kickoff 14:31 demo_alex"`.
    var summary: String {
        let time = at.dropFirst(11).prefix(5)
        return "\(event.rawValue) \(reason.rawValue) \(at.prefix(10).suffix(2))T\(time) \(username)"
    }
}
