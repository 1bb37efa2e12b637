import Foundation

/// What one pass did, as kept at its end for `status`, the status page and `/readyz`
/// (ADR 035). Pure; stored as JSON in the database's `meta` table, one at a time.
public struct PassSummary: Sendable, Hashable, Codable {
    /// When the pass finished, on the process's clock (a `tick --now` replay still shows
    /// when the scheduler last ran).
    public var at: Date
    public var dryRun: Bool
    /// Calls made, and those of them that got no answer: unreachable (connection refused,
    /// DNS, timeout) or a server error (5xx). A 404 or a push-back (429, 403) is an answer.
    public var calls: Int
    public var unanswered: Int
    public var events: Int
    public var delivered: Int
    public var deliveryFailures: Int
    /// The first ``keptProblems`` problems in words; `problemCount` counts them all.
    public var problems: [String]
    public var problemCount: Int
    /// Activities live or in grace after the pass.
    public var openActivities: Int
    /// The next kickoff of the week in which a registered starter plays, if known.
    public var nextKickoff: Date?
    /// Why the pass stopped before its end (a database error), if it did.
    public var threw: String?

    /// How many problems are kept: enough to say what went wrong, not a kickoff's thousands.
    public static let keptProblems = 5

    public init(at: Date, dryRun: Bool = false, calls: Int = 0, unanswered: Int = 0, events: Int = 0, delivered: Int = 0, deliveryFailures: Int = 0,
                problems: [String] = [], openActivities: Int = 0, nextKickoff: Date? = nil, threw: String? = nil) {
        self.at = at
        self.dryRun = dryRun
        self.calls = calls
        self.unanswered = unanswered
        self.events = events
        self.delivered = delivered
        self.deliveryFailures = deliveryFailures
        self.problems = Array(problems.prefix(Self.keptProblems))
        problemCount = problems.count
        self.openActivities = openActivities
        self.nextKickoff = nextKickoff
        self.threw = threw
    }

    /// A pass that stopped at `at` because of `error` (the database, most likely).
    public static func threw(_ error: String, at: Date, dryRun: Bool = false) -> PassSummary {
        PassSummary(at: at, dryRun: dryRun, problems: [error], threw: error)
    }

    /// Why the pass failed, in words; `nil` when it did not. Failed means it threw, or it
    /// made calls and not one of them was answered: Sideline could not see Sleeper at all
    /// (a pass with one 404, or with the scores feed down while ESPN answered, did not fail;
    /// a pass with nothing due made no calls and did not fail either).
    public var failure: String? {
        if let threw { return Messages.Working.threw(threw) }
        if calls > 0, unanswered >= calls { return Messages.Working.nothingAnswered(calls: calls, first: problems.first) }
        return nil
    }
}
