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
}
