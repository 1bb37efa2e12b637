/// Whose activity it is: one league's matchup, or one person across their leagues (added in
/// schema version 3; a state or attributes without it are a league's).
public enum LiveActivityScope: String, Codable, Hashable, Sendable, CaseIterable {
    /// One Lock Screen per person: every league of theirs playing that day.
    case person
    /// One Lock Screen per league: the registration's matchup, as before version 3.
    case league
}

/// One league of a person's activity, ready to render as a Lock Screen row (schema 3).
public struct LiveActivityLeagueRow: Codable, Hashable, Sendable {
    /// The registration id: stable for the row's life, for the app to key rows by.
    public let id: String
    /// The league's short name, e.g. `"Dynasty Bros"`.
    public let league: String
    /// Both scores, mine first, e.g. `"87.4 – 72.1"`; mine alone without an opponent.
    public let score: String
    /// Who leads, or the result once decided, e.g. `"Up 15.3"`, `"Won"`.
    public let status: String
    /// Winning, losing, tied or neutral: the app maps it to a colour.
    public let sentiment: LiveActivitySentiment
    /// The registration's starters, e.g. `"3 playing · 2 to play · 4 done"`.
    public let players: String
    /// e.g. `"62% to win"`; `nil` when not known or once decided.
    public let winChance: String?

    public init(id: String, league: String, score: String, status: String, sentiment: LiveActivitySentiment, players: String, winChance: String?) {
        self.id = id
        self.league = league
        self.score = score
        self.status = status
        self.sentiment = sentiment
        self.players = players
        self.winChance = winChance
    }
}

/// The matchup a person's compact and minimal Dynamic Island show, named (schema 3). Its
/// names travel here, in the content state, because the attributes are fixed for the
/// activity's life and describe the person, while the highlight may move between leagues.
public struct LiveActivityHighlight: Codable, Hashable, Sendable {
    /// The highlighted league's short name.
    public let league: String
    /// The person's team in that league, shortened with "…".
    public let myTeam: String
    /// The opponent's team, shortened with "…"; `nil` when there is no opponent.
    public let opponentTeam: String?

    public init(league: String, myTeam: String, opponentTeam: String?) {
        self.league = league
        self.myTeam = myTeam
        self.opponentTeam = opponentTeam
    }
}

/// The leagues a person's activity does not list as rows (schema 3): at most
/// ``LiveActivityMoreLeagues/maxRows`` rows fit the 4 KB payload.
public struct LiveActivityMoreLeagues: Codable, Hashable, Sendable {
    /// The most rows a content state lists.
    public static let maxRows = 6

    /// How many leagues are left out of the rows.
    public let count: Int
    /// Ready-made, e.g. `"+2 more"`.
    public let text: String

    public init(count: Int, text: String) {
        self.count = count
        self.text = text
    }
}
