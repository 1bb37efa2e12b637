import Foundation

extension Messages {
    /// The call budget and adaptive polling, in logs and `sideline status`.
    public enum Budget {
        public static func postponed(_ count: Int) -> String {
            "budget: \(count) due call\(count == 1 ? "" : "s") wait for a later pass (live leagues refresh stalest first)"
        }

        public static func pushedBack(share: Double, until: String) -> String {
            "Sleeper pushed back: the scheduler uses \(Int((share * 100).rounded()))% of its budget, recovering 10% a calm minute; this endpoint rests until \(until)"
        }

        public static let heading = "Polling"

        /// After the calls-in-the-last-minute line when `cluster.egress` is set: whose budget it is.
        public static func egress(_ name: String) -> String {
            " (egress \(name): shared by every poller naming it)"
        }

        public static func share(cap: Int, limit: Int, headroom: Int, percent: Int) -> String {
            percent >= 100
                ? "  scheduler budget — \(cap) calls a minute (\(limit) minus \(headroom) kept for registration)"
                : "  scheduler budget — \(cap) calls a minute: \(percent)% while Sleeper pushes back (recovering)"
        }

        public static func live(leagues: Int, registrations: Int) -> String {
            "  live leagues — \(leagues) (\(registrations) registration\(registrations == 1 ? "" : "s") live or in grace)"
        }

        public static func freshness(targetSeconds: Int, medianSeconds: Int?, worstSeconds: Int?) -> String {
            guard let medianSeconds, let worstSeconds else { return "  freshness — refresh every \(targetSeconds) s; nothing live" }
            return "  freshness — refresh every \(targetSeconds) s at this load; scores now \(medianSeconds) s old (median), \(worstSeconds) s (worst)"
        }
    }
}
