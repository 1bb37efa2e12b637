import Foundation

extension Messages {
    /// "Is it working?": the last pass and the verdict, in `status`, on the status page and
    /// in `/readyz` (ADR 035).
    public enum Working {
        public static let heading = "Is it working?"
        public static func threw(_ error: String) -> String { "the last pass stopped with an error: \(error)" }
        public static func nothingAnswered(calls: Int, first: String?) -> String {
            let what = calls == 1 ? "its call got" : "none of its \(calls) calls got"
            return "the last pass failed: \(what) an answer" + (first.map { " (\($0))" } ?? "")
        }
        public static func idle(until kickoff: String?) -> String {
            kickoff.map { "idle until \($0), the next kickoff with a registered starter" } ?? "idle: no kickoff with a registered starter is scheduled this week"
        }
        public static func live(_ activities: Int) -> String { "working: \(activities) activit\(activities == 1 ? "y" : "ies") live" }
        public static func verdict(_ words: String) -> String { "Now: \(words)" }

        public static func lastPass(at: String, dryRun: Bool, calls: Int, unanswered: Int, events: Int, delivered: Int, deliveryFailures: Int, problems: Int) -> String {
            var parts = ["\(calls) call\(calls == 1 ? "" : "s")" + (unanswered > 0 ? " (\(unanswered) unanswered)" : ""), "\(events) event\(events == 1 ? "" : "s")"]
            if delivered > 0 { parts.append("\(delivered) delivered") }
            if deliveryFailures > 0 { parts.append("\(deliveryFailures) delivery failure\(deliveryFailures == 1 ? "" : "s")") }
            parts.append(problems == 0 ? "no problems" : "\(problems) problem\(problems == 1 ? "" : "s")")
            return "Last pass: \(at)\(dryRun ? " (dry run)" : "") — " + parts.joined(separator: ", ")
        }
        public static let noPass = "Last pass: none yet"
        public static func notRecorded(_ error: String) -> String { "could not record the pass for `status` and /readyz: \(error)" }
        public static func problem(_ text: String) -> String { "  ! \(text)" }
        public static func moreProblems(_ count: Int) -> String { "  … and \(count) more (see the log)" }
        public static func pushesToday(_ counts: [(sink: String, count: Int)]) -> String {
            "Pushes today (UTC day): " + (counts.isEmpty ? "none" : counts.map { "\($0.sink) \($0.count)" }.joined(separator: ", "))
        }
        public static func nextKickoff(_ at: String?) -> String { "Next kickoff with a registered starter: \(at ?? "none known this week")" }

        /// The live points line while nothing is live: the stats feed is asked only then,
        /// so its silence is expected, not a fault.
        public static let livePointsIdle = "the stats feed is asked only while a game is live"
    }
}
