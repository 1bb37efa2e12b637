import Foundation

/// Decides whether a matchups snapshot shows the lineup as it locked.
///
/// Each player's slot locks at his own kickoff, and Sleeper's CDN caches matchups for
/// 60 seconds, so a snapshot proves a starter's lock only when it was fetched at least
/// `cdnLag` after that starter's kickoff.
public enum StartConfirmation {
    public static let cdnLag: TimeInterval = 60

    /// Whether some playing starter's kickoff is at least `cdnLag` before `fetchedAt`.
    public static func confirms(_ view: MatchupView, fetchedAt: Date) -> Bool {
        view.me.starters.contains { line in
            guard line.state == .playing, let kickoff = line.kickoff else { return false }
            return fetchedAt.timeIntervalSince(kickoff) >= cdnLag
        }
    }

    /// The first kickoff of a game in progress on `schedule`; `nil` while none is.
    public static func firstPlayingKickoff(_ schedule: WeekSchedule?) -> Date? {
        schedule?.games.lazy.filter { $0.status == .inProgress }.map(\.kickoff).min()
    }

    /// Whether any view mapped from a schedule whose first game in progress kicked off at
    /// `firstPlayingKickoff` could confirm a start on a snapshot fetched at `fetchedAt`.
    /// A playing starter plays in a game in progress, which kicked off no earlier than that,
    /// so when this is `false` ``confirms(_:fetchedAt:)`` is too, for every such view: an
    /// idle registration's step cannot start anything, and a pass need not make its view.
    public static func couldConfirm(fetchedAt: Date, firstPlayingKickoff: Date?) -> Bool {
        guard let first = firstPlayingKickoff else { return false }
        return fetchedAt.timeIntervalSince(first) >= cdnLag
    }
}
