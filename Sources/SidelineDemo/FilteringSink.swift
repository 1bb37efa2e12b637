import Foundation
import SidelineDelivery

/// A sink that passes on only some events (the demo's `--quiet`).
struct FilteringSink: PushSink {
    let inner: any PushSink
    let keep: @Sendable (EventEnvelope) -> Bool
    var name: String { inner.name }

    init(inner: any PushSink, keep: @escaping @Sendable (EventEnvelope) -> Bool) {
        self.inner = inner
        self.keep = keep
    }

    func deliver(_ event: EventEnvelope, payload: Data) async throws(DeliveryError) {
        if keep(event) { try await inner.deliver(event, payload: payload) }
    }
}
