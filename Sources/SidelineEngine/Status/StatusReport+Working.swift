import Foundation
import SidelineCore
import SidelineDelivery

extension StatusReport {
    /// "Is it working?" (ADR 035): the verdict from the last pass, what that pass did, the
    /// next kickoff that has a registered starter and today's pushes per sink.
    public struct Working: Codable, Sendable {
        /// ``PassVerdict/code``: `live`, `idle`, `pass_failed`, `pass_too_old` or `no_pass`.
        public let state: String
        /// What `/readyz` answers: `false` while the last pass failed or is too old.
        public let ready: Bool
        /// The verdict in words, instants in ISO 8601.
        public let summary: String
        public let lastPass: LastPass?
        public let nextKickoff: String?
        /// Pushes sent since 00:00 UTC, per sink (the UTC day Home Assistant's allowance counts).
        public let pushesToday: [SinkPushes]

        enum CodingKeys: String, CodingKey {
            case state, ready, summary
            case lastPass = "last_pass"
            case nextKickoff = "next_kickoff"
            case pushesToday = "pushes_today"
        }

        init(_ verdict: PassVerdict, last: PassSummary?, pushes: [(sink: String, count: Int)]) {
            state = verdict.code
            ready = verdict.isReady
            summary = verdict.words
            lastPass = last.map(LastPass.init)
            nextKickoff = last?.nextKickoff.map(EventEnvelope.timestamp)
            pushesToday = pushes.map { SinkPushes(sink: $0.sink, count: $0.count) }
        }
    }

    /// The last pass as ``PassSummary`` keeps it.
    public struct LastPass: Codable, Sendable {
        public let at: String
        public let dryRun: Bool
        public let calls: Int
        public let unanswered: Int
        public let events: Int
        public let delivered: Int
        public let deliveryFailures: Int
        /// The first few problems in words; `problemCount` counts them all.
        public let problems: [String]
        public let problemCount: Int
        /// Why the pass failed, when it did (``PassSummary/failure``).
        public let failure: String?

        enum CodingKeys: String, CodingKey {
            case at, calls, unanswered, events, delivered, problems, failure
            case dryRun = "dry_run"
            case deliveryFailures = "delivery_failures"
            case problemCount = "problem_count"
        }

        init(_ summary: PassSummary) {
            at = EventEnvelope.timestamp(summary.at)
            dryRun = summary.dryRun
            calls = summary.calls
            unanswered = summary.unanswered
            events = summary.events
            delivered = summary.delivered
            deliveryFailures = summary.deliveryFailures
            problems = summary.problems
            problemCount = summary.problemCount
            failure = summary.failure
        }
    }

    public struct SinkPushes: Codable, Sendable {
        public let sink: String
        public let count: Int
    }
}
