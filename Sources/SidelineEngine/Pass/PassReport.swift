import Foundation
import Logging
import SidelineCore
import SidelineDelivery
import SidelineSleeper
import SidelineStore

/// What one pass did, for the log line and for tests.
public struct PassReport: Sendable {
    public let at: Date
    public internal(set) var mode = PassMode.live
    public internal(set) var calls: [PlannedCall] = []
    /// How many of `calls` got no answer: unreachable, or a server error (``PassSummary``).
    public internal(set) var unanswered = 0
    /// How many of the pass's matchups calls Sleeper answered 304 (the stored snapshot was current).
    public internal(set) var unchangedMatchups = 0
    public internal(set) var problems: [String] = []
    /// The pass's lifecycle events, in order. Only what identifies them: the payload each
    /// sink receives is in the outbox (a kickoff pass at 50,000 registrations has ~10,000
    /// events, and holding every envelope until the pass ended was ~30 MB).
    public internal(set) var events: [PassEvent] = []
    /// How many lifecycles (a registration and week) the pass stepped: those whose inputs
    /// moved or whose timers were due, less the idle ones that could not have started.
    public internal(set) var stepped = 0
    public internal(set) var delivered = 0
    public internal(set) var deliveryFailures = 0

    /// Nothing live or in grace after the pass (for `run --until-idle`).
    public internal(set) var openActivities = 0
    /// The next kickoff of the current week still to come, if known.
    public internal(set) var nextKickoff: Date?
    /// At each new matchups body this pass, while the stats feed was in use: every roster's
    /// blended points just before it against Sleeper's new total (ADR 029).
    var reconciliations: [Reconciliation] = []

    /// How far the blend was off Sleeper's totals at this pass's reconciliations.
    public var reconciliationGaps: [Double] { reconciliations.map(\.gap) }

    /// Runs a store read or write the pass can go on without this time (a later pass redoes
    /// it); a failure is logged and listed in the pass's problems, never dropped silently.
    @discardableResult
    mutating func recorded<T>(_ what: String, _ logger: Logger, _ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch {
            problems.append(Messages.Delivery.storeStepFailed(what, "\(error)"))
            logger.warning("\(Messages.Delivery.storeStepFailed(what, "\(error)"))")
            return nil
        }
    }

    /// Lists a problem and logs it at `level`.
    mutating func note(_ problem: String, _ logger: Logger, level: Logger.Level = .warning) {
        problems.append(problem)
        logger.log(level: level, "\(problem)")
    }

    /// A call that failed with `error`: counted, and listed among the problems.
    mutating func failed(_ call: PlannedCall, _ error: SleeperError) {
        calls.append(call)
        problems.append("\(call): \(error)")
        if error.isUnanswered { unanswered += 1 }
    }

    /// Adds what a delivery run did.
    mutating func absorb(_ delivery: DeliveryReport) {
        delivered += delivery.delivered
        deliveryFailures += delivery.failures
        problems += delivery.problems
    }

    public var summary: String {
        let kinds = Dictionary(grouping: events, by: \.event).map { "\($0.value.count) \($0.key.rawValue)" }.sorted()
        var parts = ["\(calls.count) call\(calls.count == 1 ? "" : "s")", "\(events.count) event\(events.count == 1 ? "" : "s")" + (kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))")]
        if delivered > 0 { parts.append("\(delivered) delivered") }
        if deliveryFailures > 0 { parts.append("\(deliveryFailures) delivery failures") }
        if !problems.isEmpty { parts.append("\(problems.count) problem\(problems.count == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }
}

/// One roster at a reconciliation: the points the blend gave it just before a new matchups
/// body (its previous body, baseline and the stats now), and the body's own.
struct Reconciliation: Sendable, Hashable {
    let leagueID: String
    let rosterID: Int
    let blended: Double
    let official: Double

    var gap: Double { abs(blended - official) }
}

/// One lifecycle event of a pass, as ``PassReport`` lists it.
public struct PassEvent: Sendable, Hashable {
    public let event: LifecycleEventKind
    public let reason: LifecycleReason
    public let at: Date
    public let registrationID: Int64
    /// The registration's handle, as in the event's payload.
    public let registration: String
    public let activity: String
    public let leagueID: String
    public let sleeperUserID: String

    /// A person activity's event, filed under `anchor` (its highlighted league's registration).
    init(_ event: PersonEvent, person: PersonIdentity, anchor: Int64) {
        self.event = event.kind
        reason = event.reason
        at = event.at
        registrationID = anchor
        registration = String(anchor)
        activity = event.activityID
        leagueID = event.view.highlighted?.leagueID ?? ""
        sleeperUserID = person.sleeperUserID
    }

    init(_ event: LifecycleEvent, registration: Registration) {
        self.event = event.kind
        reason = event.reason
        at = event.at
        registrationID = registration.id
        self.registration = registration.handle
        activity = event.activityID
        leagueID = registration.leagueID
        sleeperUserID = registration.sleeperUserID
    }
}
