/// What is set once, when an activity starts, and never changes while it runs.
///
/// An iOS widget conforms it to ActivityKit in one line (see the module documentation):
///
/// ```swift
/// extension LiveActivityAttributes: ActivityAttributes {}
/// ```
///
/// ActivityKit needs a nested `ContentState` type that is `Codable & Hashable`; the
/// ``ContentState`` typealias below is that type, so the extension needs no body.
public struct LiveActivityAttributes: Codable, Hashable, Sendable {
    /// The content state ActivityKit pairs with these attributes.
    public typealias ContentState = LiveActivityContentState

    /// The shape version these attributes were built with (``LiveActivitySchemaVersion``).
    public let schemaVersion: Int
    /// The Sideline registration id, for a league's activity; `person:<Sleeper user id>` for
    /// a person's, which spans registrations (the app reports push tokens by ``activity``).
    public let registration: String
    /// The Sideline activity id: the app sends it back with the activity's push token.
    public let activity: String
    /// The league's name as Sleeper shows it.
    public let leagueName: String
    /// The NFL season, e.g. `"2026"`.
    public let season: String
    /// The NFL week, e.g. `12`.
    public let week: Int
    /// The registration's team name, trimmed to at most 40 characters.
    public let myTeamName: String
    /// The registration's team name shortened with "…" for the Dynamic Island.
    public let myTeamShortName: String
    /// The opponent's team name; `nil` on a bye, for an unpaired roster or a team out of
    /// the playoffs.
    public let opponentTeamName: String?
    /// The opponent's team name shortened with "…"; `nil` when there is no opponent.
    public let opponentTeamShortName: String?
    /// Ready-made title, e.g. `"Gridiron Gang vs Taco Tuesday"`.
    public let title: String
    /// Ready-made subtitle, e.g. `"Dynasty Bros · Week 12"`.
    public let subtitle: String
    /// `person` or `league` (added in schema version 3; `nil`: a league's). For a person the
    /// fields above describe the person, never one league: `leagueName` counts the leagues,
    /// the team names are the person's name and `nil`.
    public let scope: LiveActivityScope?

    public init(
        schemaVersion: Int = LiveActivitySchemaVersion.current,
        registration: String,
        activity: String,
        leagueName: String,
        season: String,
        week: Int,
        myTeamName: String,
        myTeamShortName: String,
        opponentTeamName: String?,
        opponentTeamShortName: String?,
        title: String,
        subtitle: String,
        scope: LiveActivityScope? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.registration = registration
        self.activity = activity
        self.leagueName = leagueName
        self.season = season
        self.week = week
        self.myTeamName = myTeamName
        self.myTeamShortName = myTeamShortName
        self.opponentTeamName = opponentTeamName
        self.opponentTeamShortName = opponentTeamShortName
        self.title = title
        self.subtitle = subtitle
        self.scope = scope
    }
}
