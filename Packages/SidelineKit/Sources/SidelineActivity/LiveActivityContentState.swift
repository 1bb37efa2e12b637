/// Everything on the Lock Screen, the Dynamic Island and the Watch that changes during the
/// day. Every string is final copy built by the Sideline server; the app renders it as-is
/// and computes nothing from it.
///
/// Instants are Unix seconds (`Int`), never `Date`: APNs payloads are decoded with a default
/// `JSONDecoder`, which reads dates as seconds since 2001. Fields added after schema
/// version 1 must be optional so activities already running keep decoding.
public struct LiveActivityContentState: Codable, Hashable, Sendable {
    /// The shape version this state was built with (``LiveActivitySchemaVersion``).
    public let schemaVersion: Int
    /// When the change shown here happened, in Unix seconds.
    public let updatedAt: Int
    /// Live, grace or final: for styling only.
    public let phase: LiveActivityPhase
    /// Winning, losing, tied or neutral: the app maps it to a colour.
    public let sentiment: LiveActivitySentiment

    /// The registration's score, e.g. `"87.4"`.
    public let myScore: String
    /// The opponent's score; `nil` when there is no head-to-head opponent.
    public let opponentScore: String?
    /// Both scores, e.g. `"87.4 – 72.1"`; just the registration's score without an opponent.
    public let scoreLine: String
    /// `"Up 15.3"`, `"Down 2.1"`, `"Tied"`, or a short phrase without an opponent.
    public let margin: String
    /// The main status: the margin while it is open, the result words once both lineups
    /// are done, e.g. `"Won 112.4 – 98.7"`.
    public let headline: String

    /// The registration's starters by state.
    public let myCounts: LiveActivityPlayerCounts
    /// The opponent's starters by state; `nil` when there is no opponent.
    public let opponentCounts: LiveActivityPlayerCounts?
    /// `"3 playing · 2 to play · 4 done"` for the registration's starters.
    public let myPlayersLine: String
    /// The same line for the opponent; `nil` when there is no opponent.
    public let opponentPlayersLine: String?
    /// The registration's best starters who are playing right now, best first (at most 3).
    public let topPerformers: [LiveActivityPerformer]

    /// The next kickoff among the registration's starters, e.g. `"next: 4:25 PM"`.
    public let next: String?
    /// When this was true, e.g. `"as of 2:14 PM"`.
    public let asOf: String
    /// What to show when the system marks the activity stale (`context.isStale`).
    public let staleText: String
    /// Set in a median-scoring league, e.g. `"Plus a game against the league median"`.
    public let medianNote: String?

    /// Dynamic Island compact leading, e.g. `"87.4"`.
    public let compactLeading: String
    /// Dynamic Island compact trailing, e.g. `"72.1"`.
    public let compactTrailing: String
    /// Dynamic Island minimal: always live data, e.g. `"+15.3"`.
    public let minimal: String
    /// Dynamic Island expanded regions.
    public let expanded: LiveActivityExpandedText
    /// Lock Screen lines.
    public let lockScreen: LiveActivityLockScreenText
    /// Apple Watch Smart Stack and CarPlay lines.
    public let small: LiveActivitySmallText

    /// The registration's chance of winning, ready to show beside the Lock Screen headline
    /// and under the expanded centre, e.g. `"62% to win"`. `nil` when the server does not
    /// know it, or once the result is decided (the final score says it). Added in schema
    /// version 2: a server from before then never sends it.
    public let winChance: String?

    // Added in schema version 3, for a person's activity (one Lock Screen across their
    // leagues). Every legacy field above is then the highlighted league's, so an app built
    // for version 2 shows the person's title over the highlighted score.

    /// `person` or `league`; `nil` from a server before version 3 (a league's).
    public let scope: LiveActivityScope?
    /// A person's leagues, one row each, in a stable order; at most
    /// ``LiveActivityMoreLeagues/maxRows``. `nil` for a league's activity.
    public let leagues: [LiveActivityLeagueRow]?
    /// Across all the person's leagues, e.g. `"Up in 4 · Down in 2"`.
    public let summary: String?
    /// The league the compact and minimal presentations show, named.
    public let highlight: LiveActivityHighlight?
    /// The leagues left out of ``leagues``, e.g. `"+2 more"`; `nil` when every league is a row.
    public let moreLeagues: LiveActivityMoreLeagues?

    public init(
        schemaVersion: Int = LiveActivitySchemaVersion.current,
        updatedAt: Int,
        phase: LiveActivityPhase,
        sentiment: LiveActivitySentiment,
        myScore: String,
        opponentScore: String?,
        scoreLine: String,
        margin: String,
        headline: String,
        myCounts: LiveActivityPlayerCounts,
        opponentCounts: LiveActivityPlayerCounts?,
        myPlayersLine: String,
        opponentPlayersLine: String?,
        topPerformers: [LiveActivityPerformer],
        next: String?,
        asOf: String,
        staleText: String,
        medianNote: String?,
        compactLeading: String,
        compactTrailing: String,
        minimal: String,
        expanded: LiveActivityExpandedText,
        lockScreen: LiveActivityLockScreenText,
        small: LiveActivitySmallText,
        winChance: String? = nil,
        scope: LiveActivityScope? = nil,
        leagues: [LiveActivityLeagueRow]? = nil,
        summary: String? = nil,
        highlight: LiveActivityHighlight? = nil,
        moreLeagues: LiveActivityMoreLeagues? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.updatedAt = updatedAt
        self.phase = phase
        self.sentiment = sentiment
        self.myScore = myScore
        self.opponentScore = opponentScore
        self.scoreLine = scoreLine
        self.margin = margin
        self.headline = headline
        self.myCounts = myCounts
        self.opponentCounts = opponentCounts
        self.myPlayersLine = myPlayersLine
        self.opponentPlayersLine = opponentPlayersLine
        self.topPerformers = topPerformers
        self.next = next
        self.asOf = asOf
        self.staleText = staleText
        self.medianNote = medianNote
        self.compactLeading = compactLeading
        self.compactTrailing = compactTrailing
        self.minimal = minimal
        self.expanded = expanded
        self.lockScreen = lockScreen
        self.small = small
        self.winChance = winChance
        self.scope = scope
        self.leagues = leagues
        self.summary = summary
        self.highlight = highlight
        self.moreLeagues = moreLeagues
    }
}
