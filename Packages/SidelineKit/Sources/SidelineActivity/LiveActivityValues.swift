/// Where the activity is in its day. The app may use it for styling only (e.g. dim a
/// final); every word it shows comes ready-made in the content state.
public enum LiveActivityPhase: String, Codable, Hashable, Sendable, CaseIterable {
    /// At least one of the registration's starters is playing or still to play.
    case live
    /// The registration's starters are done; the activity stays up a little longer.
    case grace
    /// The activity's final state.
    case final
}

/// How the matchup feels, for the app to map to a colour.
public enum LiveActivitySentiment: String, Codable, Hashable, Sendable, CaseIterable {
    case winning, losing, tied
    /// No head-to-head opponent (bye, unpaired roster, out of the playoffs).
    case neutral
}

/// How many of one lineup's starters are playing, still to play, and done.
public struct LiveActivityPlayerCounts: Codable, Hashable, Sendable {
    public let playing: Int
    public let toPlay: Int
    public let done: Int

    public init(playing: Int, toPlay: Int, done: Int) {
        self.playing = playing
        self.toPlay = toPlay
        self.done = done
    }
}

/// One of the registration's starters who is playing right now.
public struct LiveActivityPerformer: Codable, Hashable, Sendable {
    /// The name as fans write it: `"P. Mahomes"`, `"KC D/ST"`.
    public let name: String
    /// Points so far, e.g. `"24.3"`.
    public let points: String
    /// Both together, e.g. `"P. Mahomes 24.3"`.
    public let line: String

    public init(name: String, points: String, line: String) {
        self.name = name
        self.points = points
        self.line = line
    }
}
