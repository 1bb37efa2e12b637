import SidelineCore

/// What one ask for a week's games came back with: the answer, if any source gave one, and
/// every source asked on the way, with how each that failed did (ADR 030). The caller rests
/// each host that pushed back, on its own scope, and clears the rest of each that answered.
public struct GameStatusObservation: Sendable, Equatable {
    /// The week's games; `nil` when no source asked answered.
    public let schedule: WeekSchedule?
    /// The source whose answer `schedule` is.
    public let answeredBy: StatusSource?
    /// The sources asked, in order.
    public let asked: [StatusSource]
    /// Each source asked that failed, and how (a push-back is ``SleeperError/isBackoff``).
    public let failures: [StatusSource: SleeperError]

    public init(schedule: WeekSchedule?, answeredBy: StatusSource?, asked: [StatusSource], failures: [StatusSource: SleeperError] = [:]) {
        self.schedule = schedule
        self.answeredBy = answeredBy
        self.asked = asked
        self.failures = failures
    }

    /// One source asked, and its answer.
    static func answer(_ schedule: WeekSchedule, from source: StatusSource) -> GameStatusObservation {
        GameStatusObservation(schedule: schedule, answeredBy: source, asked: [source])
    }

    /// One source asked, and how it failed.
    static func failure(_ error: SleeperError, from source: StatusSource) -> GameStatusObservation {
        GameStatusObservation(schedule: nil, answeredBy: nil, asked: [source], failures: [source: error])
    }

    /// The scores feed answered, but with no games for a week that has some (ESPN was asked).
    public var primaryWasEmpty: Bool {
        asked.first == .scores && failures[.scores] == nil && asked.count > 1
    }
}
