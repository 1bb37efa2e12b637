/// Which tokens and dismissals the server has yet to hear about, as a value: each event is a
/// `mutating func` that returns the calls to make (the shape of Hummingbird's HTTP/2 state
/// machine), so the rules are tested synchronously on scripted ActivityKit sequences.
///
/// Rules:
/// - A token equal to the last one reported, or to the one on its way, is not sent again.
/// - One call per slot (the push-to-start token, each activity's token, each dismissal) is
///   in flight at a time; a token rotated meanwhile is sent the moment that call settles,
///   and a token superseded before it went out is never sent.
/// - A dismissal is reported once, and only for an activity the person swiped away (one
///   that was not already ended: the system removing an ended activity is not a swipe).
///   Nothing more is reported for a dismissed or ended activity.
/// - A transient failure keeps the report for the next ``TokenReportingEvent/woke``.
/// - The persisted part is the whole value but the calls in flight: after a relaunch they
///   count as unsent and go again on the first wake.
public struct TokenReportingMachine: Codable, Hashable, Sendable {
    /// The newest value of a token and the last one the server acknowledged.
    struct Token: Codable, Hashable, Sendable {
        var latest: String
        var reported: String?
        var isPending: Bool { latest != reported }
    }

    enum Dismissal: String, Codable, Hashable, Sendable { case none, pending, reported }

    struct Activity: Codable, Hashable, Sendable {
        var lifecycle: ActivityLifecycle = .active
        var token: Token?
        var dismissal: Dismissal = .none
        var isFinished: Bool { lifecycle == .ended || lifecycle == .dismissed }
    }

    /// What a call is about; one call per slot is in flight.
    enum Slot: Hashable, Sendable {
        case pushToStart
        case activityToken(String)
        case dismissal(String)
    }

    /// Finished activities remembered, so a late token for one is not reported.
    static let finishedKept = 32

    private(set) var isPaired = false
    private(set) var pushToStart: Token?
    private(set) var activities: [String: Activity] = [:]
    /// Finished activity ids, oldest first (for forgetting the oldest).
    private(set) var finished: [String] = []
    private var pairingLost = false
    private var inFlight: [Slot: TokenReport] = [:]

    enum CodingKeys: String, CodingKey { case isPaired, pushToStart, activities, finished, pairingLost }

    public init() {}

    /// The push-to-start token to send with the pairing call: one that arrived before
    /// pairing is held here.
    public var pushToStartTokenForPairing: String? { pushToStart?.latest }

    /// Whether anything is waiting to be reported (for a "waiting to send" line in the app).
    public var hasUnreported: Bool { isPaired && !pendingReports().isEmpty }

    public mutating func handle(_ event: TokenReportingEvent) -> [TokenReportingAction] {
        switch event {
        case .pushToStartTokenChanged(let raw):
            let token = raw.lowercased()
            guard pushToStart?.latest != token else { return [] }
            pushToStart = Token(latest: token, reported: pushToStart?.reported)
            return pump(.pushToStart)

        case .activityAppeared(let id):
            if activities[id] == nil { activities[id] = Activity() }
            return []

        case .activityTokenChanged(let id, let raw):
            let token = raw.lowercased()
            var activity = activities[id] ?? Activity()
            guard !activity.isFinished, activity.token?.latest != token else { return [] }
            activity.token = Token(latest: token, reported: activity.token?.reported)
            activities[id] = activity
            return pump(.activityToken(id))

        case .activityStateChanged(let id, let lifecycle):
            return changeState(of: id, to: lifecycle)

        case .paired(let sent):
            isPaired = true
            pairingLost = false
            if let sent {
                let token = sent.lowercased()
                pushToStart = Token(latest: pushToStart?.latest ?? token, reported: token)
            }
            // A new pairing is a new device on the server: it has none of the old device's
            // activity tokens.
            for id in activities.keys where !(activities[id]!.isFinished) {
                activities[id]!.token?.reported = nil
            }
            return pumpAll()

        case .unpaired:
            isPaired = false
            inFlight = [:]
            activities = [:]
            finished = []
            // The token is the phone's, not the pairing's: held for the next pairing call.
            pushToStart?.reported = nil
            return []

        case .woke:
            return pumpAll()

        case .reportSucceeded(let report):
            settle(report)
            return pump(report.slot)

        case .reportFailed(let report, let failure):
            switch failure {
            case .transient:
                // Kept as unreported; the next wake sends it (a suspended app has no timers).
                if inFlight[report.slot] == report { inFlight[report.slot] = nil }
                return []
            case .rejected:
                settle(report)
                return pump(report.slot)
            case .unauthorized:
                inFlight = [:]
                isPaired = false
                guard !pairingLost else { return [] }
                pairingLost = true
                return [.pairAgain]
            }
        }
    }

    private mutating func changeState(of id: String, to lifecycle: ActivityLifecycle) -> [TokenReportingAction] {
        var activity = activities[id] ?? Activity()
        guard !activity.isFinished || lifecycle == .dismissed, activity.lifecycle != lifecycle else { return [] }
        if lifecycle == .dismissed, activity.lifecycle != .ended, activity.dismissal == .none {
            activity.dismissal = .pending
        }
        activity.lifecycle = lifecycle
        activities[id] = activity
        guard activity.isFinished else { return [] }
        if !finished.contains(id) { finished.append(id) }
        forgetOldFinished()
        return pump(.dismissal(id))
    }

    /// Marks a call as answered for good (accepted, or refused for ever).
    private mutating func settle(_ report: TokenReport) {
        if inFlight[report.slot] == report { inFlight[report.slot] = nil }
        switch report {
        case .pushToStartToken(let token):
            pushToStart?.reported = token
        case .activityToken(let id, let token):
            activities[id]?.token?.reported = token
        case .dismissal(let id):
            activities[id]?.dismissal = .reported
        }
    }

    private mutating func pump(_ slot: Slot) -> [TokenReportingAction] {
        guard isPaired, inFlight[slot] == nil, let report = pending(slot) else { return [] }
        inFlight[slot] = report
        return [.send(report)]
    }

    private mutating func pumpAll() -> [TokenReportingAction] {
        pendingReports().flatMap { pump($0.slot) }
    }

    /// Every report the server has yet to acknowledge, in a stable order.
    private func pendingReports() -> [TokenReport] {
        var slots: [Slot] = [.pushToStart]
        for id in activities.keys.sorted() { slots += [.activityToken(id), .dismissal(id)] }
        return slots.compactMap(pending)
    }

    private func pending(_ slot: Slot) -> TokenReport? {
        switch slot {
        case .pushToStart:
            guard let token = pushToStart, token.isPending else { return nil }
            return .pushToStartToken(token.latest)
        case .activityToken(let id):
            guard let activity = activities[id], !activity.isFinished, let token = activity.token, token.isPending else { return nil }
            return .activityToken(activity: id, token: token.latest)
        case .dismissal(let id):
            guard activities[id]?.dismissal == .pending else { return nil }
            return .dismissal(activity: id)
        }
    }

    private mutating func forgetOldFinished() {
        while finished.count > Self.finishedKept {
            let oldest = finished.removeFirst()
            // A dismissal not yet reported is kept until it is.
            if activities[oldest]?.dismissal == .pending { finished.append(oldest); break }
            activities[oldest] = nil
        }
    }
}

extension TokenReport {
    var slot: TokenReportingMachine.Slot {
        switch self {
        case .pushToStartToken: .pushToStart
        case .activityToken(let id, _): .activityToken(id)
        case .dismissal(let id): .dismissal(id)
        }
    }
}
