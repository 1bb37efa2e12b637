import Foundation
import SidelineActivity

/// Where in its life an activity is, for the words on screen.
public enum DisplayPhase: String, Sendable, Codable, Hashable {
    case live, grace, ended
}

/// The registration's presentation settings and the instant of the change being shown.
public struct DisplayContext: Sendable, Hashable {
    /// When the shown change happened (the pass's instant).
    public let now: Date
    public let timeZone: TimeZone
    public let localeIdentifier: String

    public init(now: Date, timeZone: TimeZone, localeIdentifier: String = "en_US") {
        self.now = now
        self.timeZone = timeZone
        self.localeIdentifier = localeIdentifier
    }
}

/// Builds the content state the phone renders as-is. Pure.
public enum DisplayBuilder {
    public static func contentState(for view: MatchupView, phase: DisplayPhase, context: DisplayContext) -> LiveActivityContentState {
        let mine = String(format: "%.1f", view.me.points)
        let theirs = view.opponent.map { String(format: "%.1f", $0.points) } ?? "—"
        let counts = view.me.counts
        return LiveActivityContentState(
            scoreLine: "\(mine) – \(theirs)",
            playersLine: "\(counts.playing) playing · \(counts.toPlay) to play · \(counts.done) done"
        )
    }

    public static func attributes(registration: String, activity: String, view: MatchupView) -> LiveActivityAttributes {
        LiveActivityAttributes(registration: registration, activity: activity, leagueName: view.leagueName)
    }
}
