import Foundation

extension Messages {
    /// `sideline devices test` and `sideline rehearse` (ADR 034).
    public enum Rehearsal {
        // MARK: The sample activity

        public static let sampleLeague = "Sideline test"
        public static let sampleTeam = "Your team"
        public static let sampleOpponent = "Test opponent"
        public static let samplePlayer = "Sample starter"
        public static let sampleOpponentPlayer = "Their starter"
        public static let sampleUser = "test"

        /// The steps as a person names them.
        public static let start = "start"
        public static func update(_ number: Int) -> String { "update \(number)" }
        public static let end = "end"

        // MARK: devices test

        public static func testing(_ device: String, name: String, sink: String, gap: Int) -> String {
            "Testing \(device) (\(name)) through \(sink): a sample activity — start, two updates \(gap) s apart, end with immediate dismissal"
        }
        public static let noDevices = "no devices to test (add one with `sideline devices add`)"
        public static let deviceOrAll = "name a device (see `sideline devices list`) or --all, not both"
        public static func sinkNotConfigured(_ device: String, sink: String, name: String) -> String {
            "\(device) is pushed through \(sink), which is not configured: set its \(name).* settings and add \(name) to sinks.enabled"
        }
        public static func sinkNotEnabled(_ sink: String, name: String) -> String {
            "note: \(sink) is configured but not in sinks.enabled, so passes do not push to it yet"
        }
        public static let noPushToStartToken = "this device has no push-to-start token (APNs rejected it, or none was given): open the app once so it reports one, or add the device again"

        // MARK: Answers, in words

        public static func accepted(_ sink: String, _ step: String) -> String { "\(sink) accepted the \(step) (200)" }
        public static func tokenGone(_ sink: String, status: Int, reason: String) -> String {
            "\(sink): \(status) \(reason) — this token is gone; remove the device"
        }
        public static func tokenInvalid(_ sink: String, status: Int, reason: String) -> String {
            "\(sink): \(status) \(reason) — this token is not valid for this app and environment (a development build needs --sandbox); remove the device and add it again"
        }
        public static func refused(_ sink: String, _ step: String, _ reason: String) -> String { "\(sink) refused the \(step): \(reason)" }
        public static func targetRefused(_ sink: String, _ step: String, _ reason: String) -> String {
            "\(sink) refused the \(step) (400): \(reason) — is the notify service still in Home Assistant? (check Settings → Devices & services, then `sideline devices add` it again)"
        }
        public static func deferred(_ sink: String, _ step: String, _ reason: String) -> String {
            "\(sink) did not take the \(step) now (\(reason)): it is busy or failing; try again in a few minutes"
        }
        public static func notSent(_ sink: String, _ step: String, _ reason: String) -> String {
            "\(sink): the \(step) was never sent — no connection (\(reason)); is its address right and reachable from here?"
        }
        public static func unanswered(_ sink: String, _ step: String, _ reason: String) -> String {
            "\(sink) did not answer the \(step) (\(reason)); it may have arrived"
        }
        public static func allowanceSpent(_ service: String, until: String) -> String {
            "not sent: \(service)'s routine pushes for today are used up (the reserve is kept for game-day moments); try after \(until)"
        }
        public static func skippedAfterFailedStart(_ count: Int) -> String {
            "the other \(count) pushes were not sent: the start did not go through"
        }

        // MARK: The activity token (APNs)

        public static func waitingForToken(seconds: Int) -> String {
            "waiting up to \(seconds) s for the app to report the activity's token (the updates need it)"
        }
        public static func tokenArrived(seconds: Int) -> String { "the app reported the activity's token after \(seconds) s" }
        public static func noTokenInTime(seconds: Int) -> String {
            "no activity token came from the app in \(seconds) s, so the updates and the end were not sent: is `sideline run` or `serve` reachable from the phone? is the app installed and opened once?"
        }
        public static func updateWithoutToken(_ step: String) -> String { "the \(step) was not sent: the app has not reported the activity's token yet" }

        // MARK: Verdicts

        public static func passed(_ device: String, pushes: Int) -> String { "✓ \(device): all \(pushes) pushes accepted" }
        public static func failed(_ device: String, accepted: Int, of total: Int) -> String { "✗ \(device): \(accepted) of \(total) pushes accepted" }
        public static func someFailed(_ count: Int) -> String { "\(count) device\(count == 1 ? "" : "s") did not pass the test" }
        public static func cleanupFailed(_ error: String) -> String { "could not remove the sample activity's rows (harmless, they are never pushed to): \(error)" }

        // MARK: rehearse

        public static func rehearsing(league: String, user: String, devices: Int, seconds: Int, cap: Int) -> String {
            "Rehearsing the bundled game day (\(league), \(user)) into \(devices) device\(devices == 1 ? "" : "s"): the whole day in \(seconds) s, one activity per device, at most \(cap) pushes each"
        }
        public static let replaying = "replaying the game day to pick the pushes…"
        public static func planned(_ device: String, pushes: Int, of events: Int) -> String {
            "\(device): \(pushes) pushes (of \(events) the day made)"
        }
        public static func progress(elapsed: Int, device: String, step: String, answer: String) -> String {
            "[\(String(format: "%d:%02d", elapsed / 60, elapsed % 60))] \(device) \(step): \(answer)"
        }
        public static func rehearsalSummary(_ device: String, accepted: Int, of total: Int, skipped: Int) -> String {
            (accepted == total ? "✓ " : "✗ ") + "\(device): \(accepted) of \(total) pushes accepted" + (skipped > 0 ? ", \(skipped) not sent" : "")
        }
        public static func rehearsalDone(seconds: Int) -> String {
            "rehearsal done in \(seconds) s; your registrations, their activities and the outbox were not touched"
        }
        public static func pausedSkipped(_ device: String) -> String { "\(device) is paused (sideline devices resume, or rehearse --device \(device)): not rehearsed" }
        public static let noActivityInDay = "the bundled game day made no activity to rehearse"
    }
}
