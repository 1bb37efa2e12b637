import Foundation

extension Messages {
    /// Where live points come from, in `status`, logs and pass reports (ADR 029).
    public enum LivePoints {
        public static let noStats = "no stats feed answer yet"

        public static func failing(_ failure: String) -> String { "the stats feed is failing: \(failure)" }

        public static func stale(since: Date, failure: String?) -> String {
            let last = "the stats feed has not answered since \(instant(since))"
            return failure.map { "\(last) (\($0))" } ?? last
        }

        public static func suspended(_ reason: String, until: Date) -> String {
            "the stats feed looked wrong (\(reason)); not used until \(instant(until))"
        }

        public static func emptyWhileLive(_ games: Int) -> String {
            "it answered no stats while \(games) game\(games == 1 ? " is" : "s are") in progress"
        }

        public static func finishedPlayerFell(_ player: String, from old: Double, to new: Double) -> String {
            "\(player)'s points fell from \(figure(old)) to \(figure(new)) after his game ended"
        }

        public static func offAtReconciliation(league: String, roster: Int, shown: Double, official: Double) -> String {
            "league \(league) roster \(roster) showed \(figure(shown)) where Sleeper's matchups say \(figure(official))"
        }

        public static func statusLine(_ source: String) -> String { "Live points: \(source)" }

        /// Where live points come from, for the `status` line.
        public static func source(_ source: LivePointsHealth.Source, now: Date) -> String {
            switch source {
            case .stats(let at): "from the stats feed, refreshed \(Int(now.timeIntervalSince(at).rounded())) s ago, reconciled with each league's matchups"
            case .matchupsOnly(let why): "from each league's matchups only: \(why)"
            }
        }

        /// The demo's accuracy line: shown points against Sleeper's at each reconciliation.
        public static func accuracy(reconciliations gaps: [Double]) -> String {
            guard !gaps.isEmpty else { return "Live points: no reconciliation with the stats feed in use" }
            let sorted = gaps.sorted()
            return "Live points: \(gaps.count) reconciliations with Sleeper's matchups; shown points were off by \(figure(sorted[sorted.count / 2])) on median, \(figure(sorted[sorted.count - 1])) at most"
        }

        static func figure(_ value: Double) -> String { String(format: "%.2f", value) }

        static func instant(_ date: Date) -> String { date.formatted(.iso8601) }
    }
}
