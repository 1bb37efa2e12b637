import Foundation
import SidelineActivity
import Testing
@testable import SidelineCore

/// The wire shape is a contract with phones that are already running activities.
@Suite("Live Activity schema")
struct DisplaySchemaTests {
    /// One entry per released version: what the phone decodes. Append-only: when the shape
    /// changes, bump `LiveActivitySchemaVersion.current` and add the new shape (new fields
    /// optional, marked `?`); never edit an older entry.
    static let releasedShapes: [Int: String] = [
        1: """
            LiveActivityAttributes.activity: string
            LiveActivityAttributes.leagueName: string
            LiveActivityAttributes.myTeamName: string
            LiveActivityAttributes.myTeamShortName: string
            LiveActivityAttributes.opponentTeamName?: string
            LiveActivityAttributes.opponentTeamShortName?: string
            LiveActivityAttributes.registration: string
            LiveActivityAttributes.schemaVersion: integer
            LiveActivityAttributes.season: string
            LiveActivityAttributes.subtitle: string
            LiveActivityAttributes.title: string
            LiveActivityAttributes.week: integer
            LiveActivityContentState.asOf: string
            LiveActivityContentState.compactLeading: string
            LiveActivityContentState.compactTrailing: string
            LiveActivityContentState.expanded: LiveActivityExpandedText
            LiveActivityContentState.headline: string
            LiveActivityContentState.lockScreen: LiveActivityLockScreenText
            LiveActivityContentState.margin: string
            LiveActivityContentState.medianNote?: string
            LiveActivityContentState.minimal: string
            LiveActivityContentState.myCounts: LiveActivityPlayerCounts
            LiveActivityContentState.myPlayersLine: string
            LiveActivityContentState.myScore: string
            LiveActivityContentState.next?: string
            LiveActivityContentState.opponentCounts?: LiveActivityPlayerCounts
            LiveActivityContentState.opponentPlayersLine?: string
            LiveActivityContentState.opponentScore?: string
            LiveActivityContentState.phase: enum(live|grace|final)
            LiveActivityContentState.schemaVersion: integer
            LiveActivityContentState.scoreLine: string
            LiveActivityContentState.sentiment: enum(winning|losing|tied|neutral)
            LiveActivityContentState.small: LiveActivitySmallText
            LiveActivityContentState.staleText: string
            LiveActivityContentState.topPerformers: [LiveActivityPerformer]
            LiveActivityContentState.updatedAt: integer
            LiveActivityExpandedText.bottom: string
            LiveActivityExpandedText.center: string
            LiveActivityExpandedText.leading: string
            LiveActivityExpandedText.trailing: string
            LiveActivityLockScreenText.detail: string
            LiveActivityLockScreenText.footer: string
            LiveActivityLockScreenText.headline: string
            LiveActivityPerformer.line: string
            LiveActivityPerformer.name: string
            LiveActivityPerformer.points: string
            LiveActivityPlayerCounts.done: integer
            LiveActivityPlayerCounts.playing: integer
            LiveActivityPlayerCounts.toPlay: integer
            LiveActivitySmallText.detail: string
            LiveActivitySmallText.headline: string
            """,
        2: """
            LiveActivityAttributes.activity: string
            LiveActivityAttributes.leagueName: string
            LiveActivityAttributes.myTeamName: string
            LiveActivityAttributes.myTeamShortName: string
            LiveActivityAttributes.opponentTeamName?: string
            LiveActivityAttributes.opponentTeamShortName?: string
            LiveActivityAttributes.registration: string
            LiveActivityAttributes.schemaVersion: integer
            LiveActivityAttributes.season: string
            LiveActivityAttributes.subtitle: string
            LiveActivityAttributes.title: string
            LiveActivityAttributes.week: integer
            LiveActivityContentState.asOf: string
            LiveActivityContentState.compactLeading: string
            LiveActivityContentState.compactTrailing: string
            LiveActivityContentState.expanded: LiveActivityExpandedText
            LiveActivityContentState.headline: string
            LiveActivityContentState.lockScreen: LiveActivityLockScreenText
            LiveActivityContentState.margin: string
            LiveActivityContentState.medianNote?: string
            LiveActivityContentState.minimal: string
            LiveActivityContentState.myCounts: LiveActivityPlayerCounts
            LiveActivityContentState.myPlayersLine: string
            LiveActivityContentState.myScore: string
            LiveActivityContentState.next?: string
            LiveActivityContentState.opponentCounts?: LiveActivityPlayerCounts
            LiveActivityContentState.opponentPlayersLine?: string
            LiveActivityContentState.opponentScore?: string
            LiveActivityContentState.phase: enum(live|grace|final)
            LiveActivityContentState.schemaVersion: integer
            LiveActivityContentState.scoreLine: string
            LiveActivityContentState.sentiment: enum(winning|losing|tied|neutral)
            LiveActivityContentState.small: LiveActivitySmallText
            LiveActivityContentState.staleText: string
            LiveActivityContentState.topPerformers: [LiveActivityPerformer]
            LiveActivityContentState.updatedAt: integer
            LiveActivityContentState.winChance?: string
            LiveActivityExpandedText.bottom: string
            LiveActivityExpandedText.center: string
            LiveActivityExpandedText.leading: string
            LiveActivityExpandedText.trailing: string
            LiveActivityLockScreenText.detail: string
            LiveActivityLockScreenText.footer: string
            LiveActivityLockScreenText.headline: string
            LiveActivityPerformer.line: string
            LiveActivityPerformer.name: string
            LiveActivityPerformer.points: string
            LiveActivityPlayerCounts.done: integer
            LiveActivityPlayerCounts.playing: integer
            LiveActivityPlayerCounts.toPlay: integer
            LiveActivitySmallText.detail: string
            LiveActivitySmallText.headline: string
            """,
        3: """
            LiveActivityAttributes.activity: string
            LiveActivityAttributes.leagueName: string
            LiveActivityAttributes.myTeamName: string
            LiveActivityAttributes.myTeamShortName: string
            LiveActivityAttributes.opponentTeamName?: string
            LiveActivityAttributes.opponentTeamShortName?: string
            LiveActivityAttributes.registration: string
            LiveActivityAttributes.schemaVersion: integer
            LiveActivityAttributes.scope?: enum(person|league)
            LiveActivityAttributes.season: string
            LiveActivityAttributes.subtitle: string
            LiveActivityAttributes.title: string
            LiveActivityAttributes.week: integer
            LiveActivityContentState.asOf: string
            LiveActivityContentState.compactLeading: string
            LiveActivityContentState.compactTrailing: string
            LiveActivityContentState.expanded: LiveActivityExpandedText
            LiveActivityContentState.headline: string
            LiveActivityContentState.highlight?: LiveActivityHighlight
            LiveActivityContentState.leagues?: [LiveActivityLeagueRow]
            LiveActivityContentState.lockScreen: LiveActivityLockScreenText
            LiveActivityContentState.margin: string
            LiveActivityContentState.medianNote?: string
            LiveActivityContentState.minimal: string
            LiveActivityContentState.moreLeagues?: LiveActivityMoreLeagues
            LiveActivityContentState.myCounts: LiveActivityPlayerCounts
            LiveActivityContentState.myPlayersLine: string
            LiveActivityContentState.myScore: string
            LiveActivityContentState.next?: string
            LiveActivityContentState.opponentCounts?: LiveActivityPlayerCounts
            LiveActivityContentState.opponentPlayersLine?: string
            LiveActivityContentState.opponentScore?: string
            LiveActivityContentState.phase: enum(live|grace|final)
            LiveActivityContentState.schemaVersion: integer
            LiveActivityContentState.scope?: enum(person|league)
            LiveActivityContentState.scoreLine: string
            LiveActivityContentState.sentiment: enum(winning|losing|tied|neutral)
            LiveActivityContentState.small: LiveActivitySmallText
            LiveActivityContentState.staleText: string
            LiveActivityContentState.summary?: string
            LiveActivityContentState.topPerformers: [LiveActivityPerformer]
            LiveActivityContentState.updatedAt: integer
            LiveActivityContentState.winChance?: string
            LiveActivityExpandedText.bottom: string
            LiveActivityExpandedText.center: string
            LiveActivityExpandedText.leading: string
            LiveActivityExpandedText.trailing: string
            LiveActivityHighlight.league: string
            LiveActivityHighlight.myTeam: string
            LiveActivityHighlight.opponentTeam?: string
            LiveActivityLeagueRow.id: string
            LiveActivityLeagueRow.league: string
            LiveActivityLeagueRow.players: string
            LiveActivityLeagueRow.score: string
            LiveActivityLeagueRow.sentiment: enum(winning|losing|tied|neutral)
            LiveActivityLeagueRow.status: string
            LiveActivityLeagueRow.winChance?: string
            LiveActivityLockScreenText.detail: string
            LiveActivityLockScreenText.footer: string
            LiveActivityLockScreenText.headline: string
            LiveActivityMoreLeagues.count: integer
            LiveActivityMoreLeagues.text: string
            LiveActivityPerformer.line: string
            LiveActivityPerformer.name: string
            LiveActivityPerformer.points: string
            LiveActivityPlayerCounts.done: integer
            LiveActivityPlayerCounts.playing: integer
            LiveActivityPlayerCounts.toPlay: integer
            LiveActivitySmallText.detail: string
            LiveActivitySmallText.headline: string
            """,
    ]

    @Test("The encoded shape matches the golden for the current schema version")
    func shapeNeedsVersionBump() {
        let current = LiveActivitySchemaVersion.current
        #expect(
            Self.releasedShapes[current] == LiveActivitySchema.shapeSummary(),
            """
            The Live Activity shape changed. Running activities decode the old shape: bump \
            LiveActivitySchemaVersion.current, make new fields optional, and add the new shape \
            to releasedShapes (keep the old entries).
            """
        )
        #expect(Self.releasedShapes.keys.max() == current)
    }

    @Test("Fields added after version 1 are optional, so running activities keep decoding")
    func laterFieldsAreOptional() throws {
        let first = Set(try #require(Self.releasedShapes[1]).split(separator: "\n").map(Self.fieldName))
        let firstTypes = Set(first.map { $0.prefix { $0 != "." } })
        // A type added later (a person's rows) may require its own fields: it is optional where it is used.
        for line in LiveActivitySchema.shapeSummary().split(separator: "\n")
        where !first.contains(Self.fieldName(line)) && firstTypes.contains(line.prefix { $0 != "." }) {
            #expect(Self.fieldName(line).hasSuffix("?"), "\(line) was added after version 1 and must be optional")
        }
    }

    @Test("The JSON Schema document names the version and both types")
    func jsonSchemaDocument() throws {
        let text = LiveActivitySchema.jsonSchema()
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let document = try #require(object)
        #expect(document["x-schema-version"] as? Int == LiveActivitySchemaVersion.current)
        let definitions = try #require(document["$defs"] as? [String: Any])
        #expect(definitions["LiveActivityAttributes"] != nil)
        #expect(definitions["LiveActivityContentState"] != nil)
        #expect(text == LiveActivitySchema.jsonSchema(), "stable output")
    }

    @Test("What the server encodes has exactly the keys the schema lists")
    func encodedKeysMatchSchema() throws {
        // A person's state in a median league with a chance: every optional key set.
        let median = DisplayScenario.medianLeague.view
        let league = PersonLeague(registrationID: 1, leagueID: "L1", isBestBall: false, view: median.with(winProbability: 0.6))
        let others = (2...7).map { PersonLeague(registrationID: Int64($0), leagueID: "L\($0)", isBestBall: false, view: median) }
        let state = PersonDisplay.contentState(for: PersonView(leagues: [league] + others, highlight: 1), phase: .live, context: DisplayFixtures.context)
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(state)) as? [String: Any]
        let keys = Set(try #require(encoded).keys)
        let listed = Set(
            LiveActivitySchema.shapeSummary().split(separator: "\n")
                .filter { $0.hasPrefix("LiveActivityContentState.") }
                .map { Self.fieldName($0).dropFirst("LiveActivityContentState.".count).replacingOccurrences(of: "?", with: "") }
        )
        #expect(keys == listed)
    }

    private static func fieldName(_ line: Substring) -> String {
        String(line.prefix { $0 != ":" })
    }
}
