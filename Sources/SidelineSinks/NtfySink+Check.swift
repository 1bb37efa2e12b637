import Foundation
import SidelineCore
import SidelineDelivery

/// ntfy's probe: the topic accepts a message (at the lowest priority). Only `sideline
/// check` sends it: ntfy has no way to ask "may I publish?" without publishing.
extension NtfySink: CheckableSink {
    public func check(_ context: SinkCheckContext) async -> [CheckResult] {
        guard context.mayDeliver else { return [] }
        let test = NtfyNotification(title: Messages.Check.ntfyTestTitle, message: Messages.Check.ntfyTestMessage, priority: 1, tags: [])
        let headers = Self.headers(for: test, token: token)
        do {
            try await delivery.send(
                sink: name, activity: "check", to: url, body: Data(test.message.utf8),
                rejectionHint: "check the ntfy access token and that it may publish to this topic"
            ) { headers }
        } catch {
            return [.failed("ntfy", Messages.Check.ntfyFailed(error.message))]
        }
        return [.passed("ntfy", Messages.Check.ntfyAccepted(url.absoluteString))]
    }
}
