import Foundation

/// What makes a league's matchups answer unfit to stand for a registration's lineup.
public enum SnapshotProblem: Sendable, Hashable {
    /// `[]`: Sleeper answers it at times, even for a league whose rosters are all set.
    case empty
    /// A points figure that is not a usable number: one the decoder could not read (NaN),
    /// ±∞, or beyond ``SnapshotUsability/pointsBound``.
    case unusablePoints(rosterID: Int, value: Double)
    /// A registered roster has no entry in the answer.
    case missingRoster(Int)
    /// A registered roster's entry lists no lineup slots at all.
    case noStarters(Int)

    /// Whether the answer is kept anyway: a roster problem says nothing about the other
    /// registrations of the league, whose lineups are in it; an empty answer or unusable
    /// numbers say the body itself is broken.
    public var keepsAnswer: Bool {
        switch self {
        case .empty, .unusablePoints: false
        case .missingRoster, .noStarters: true
        }
    }
}

/// Whether a matchups answer can be taken as the lineups it claims to be. Pure.
///
/// The answer fetched after a kickoff is the lineup-lock proof (``StartConfirmation``):
/// once one is stored, the planner fetches the league again only if an activity is open.
/// Taking a broken answer as that proof cost a whole game (issue 17), so an answer is the
/// proof only for the registered rosters it really shows: a `[]`, an answer with unusable
/// numbers, or one without a registered roster's lineup proves nothing about that roster,
/// and the league keeps counting as "lock snapshot still needed".
public enum SnapshotUsability {
    /// No fantasy score, team or player, comes near 1000 points in a week; negative points
    /// are legitimate (a defence, a fumbling quarterback) and have the same bound.
    public static let pointsBound: Double = 1000

    /// A finite figure within ±``pointsBound``.
    @inlinable
    public static func isUsable(points value: Double) -> Bool {
        // `magnitude <= bound` is false for NaN as well as for ±∞ and absurd values.
        value.magnitude <= pointsBound
    }

    /// What is wrong with the answer as a whole, or `nil` when it can be stored. Looks at
    /// every entry (an opponent's garbage score would be shown on the phone too).
    public static func answerProblem(_ entries: [MatchupEntry]) -> SnapshotProblem? {
        guard !entries.isEmpty else { return .empty }
        for entry in entries {
            if !isUsable(points: entry.points) { return .unusablePoints(rosterID: entry.rosterID, value: entry.points) }
            if let figures = entry.startersPoints {
                for value in figures where !isUsable(points: value) { return .unusablePoints(rosterID: entry.rosterID, value: value) }
            }
            if let figures = entry.playersPoints {
                for value in figures.values where !isUsable(points: value) { return .unusablePoints(rosterID: entry.rosterID, value: value) }
            }
        }
        return nil
    }

    /// The first roster of `rosterIDs` whose lineup the answer does not show, or `nil`.
    /// A lineup of empty slots (`"0"`) is a lineup; no slots at all is not.
    public static func rosterProblem(_ entries: [MatchupEntry], rosterIDs: some Sequence<Int>) -> SnapshotProblem? {
        for rosterID in rosterIDs {
            guard let entry = entries.first(where: { $0.rosterID == rosterID }) else { return .missingRoster(rosterID) }
            if entry.starters.isEmpty { return .noStarters(rosterID) }
        }
        return nil
    }

    /// Whether the answer proves the lineup lock for every roster of `rosterIDs`: `nil` when
    /// it does, else the first thing wrong with it.
    public static func problem(_ entries: [MatchupEntry], rosterIDs: some Sequence<Int>) -> SnapshotProblem? {
        answerProblem(entries) ?? rosterProblem(entries, rosterIDs: rosterIDs)
    }
}
