import Foundation

extension Messages {
    /// Where game statuses come from, in `status`, the status page and the logs (ADR 030).
    public enum GameStatuses {
        public static func statusLine(_ source: String) -> String { "Game statuses: \(source)" }

        /// Where they come from now; `restingUntil` is the scores feed's rest, if it rests.
        public static func source(_ state: GameStatusSourceState, restingUntil: Date?) -> String {
            switch (state.source, restingUntil) {
            case (.scores, nil): "from Sleeper's scores feed"
            case (.scores, let until?): "from Sleeper's scores feed, resting until \(instant(until)) (ESPN is asked meanwhile)"
            case (.espn, let until?): "from ESPN: Sleeper's scores feed is resting until \(instant(until))\(after(state.reason))"
            case (.espn, nil): "from ESPN: Sleeper's scores feed is asked first again on the next statuses call\(after(state.reason))"
            }
        }

        /// The log line of a switch to ESPN.
        public static func switchedToESPN(reason: String?, restingUntil: Date?) -> String {
            let next = restingUntil.map { "it rests until \(instant($0)) and is asked first again then" } ?? "it is asked first again on the next statuses call"
            return "game statuses now come from ESPN: Sleeper's scores feed failed\(after(reason)); \(next)"
        }

        /// The log line of the switch back.
        public static func switchedBack(espnSince: Date?) -> String {
            "game statuses come from Sleeper's scores feed again" + (espnSince.map { " (from ESPN since \(instant($0)))" } ?? "")
        }

        // What the scores feed did wrong, as the end of "… after HTTP 503".
        public static func http(_ status: Int) -> String { "HTTP \(status)" }
        public static func unreachable(_ reason: String) -> String { "no answer (\(reason))" }
        public static let malformed = "an answer it could not read"
        public static let budgetSpent = "the minute's Sleeper call budget was spent"
        public static func noGames(week: Int) -> String { "an answer with no games for week \(week)" }

        static func after(_ reason: String?) -> String { reason.map { " after \($0)" } ?? "" }

        static func instant(_ date: Date) -> String { date.formatted(.iso8601) }
    }
}
