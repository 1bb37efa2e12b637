import Foundation
import SidelineActivity
import Testing
@testable import SidelineCore

@Suite("Display formatting")
struct DisplayFormatTests {
    typealias F = DisplayFixtures

    @Test("Scores have one decimal, a dot, halves rounded away from zero and a true minus")
    func scoreFormatting() {
        #expect(ScoreFormat.string(Points(87.4)) == "87.4")
        #expect(ScoreFormat.string(Points(87.45)) == "87.5")
        #expect(ScoreFormat.string(Points(87.44)) == "87.4")
        #expect(ScoreFormat.string(Points(0)) == "0.0")
        #expect(ScoreFormat.string(Points(-2)) == "\u{2212}2.0")
        #expect(ScoreFormat.string(Points(-0.04)) == "0.0")
        #expect(ScoreFormat.string(Points(112.4)) == "112.4")
        #expect(ScoreFormat.string(Points(.nan)) == "0.0")
        #expect(ScoreFormat.string(Points(100.05), decimals: 2) == "100.05")
    }

    @Test("The margin is the difference of the scores as displayed")
    func marginOfDisplayedScores() {
        let pair = ScorePair(mine: Points(87.46), theirs: Points(72.14))
        #expect(pair.mine == "87.5")
        #expect(pair.theirs == "72.1")
        #expect(pair.margin == "15.4")
        #expect(pair.comparison == .ahead)
    }

    @Test("Player names are shortened the way fans write them")
    func playerNames() {
        let cases: [(String, String, String, String)] = [
            ("Patrick Mahomes", "QB", "KC", "P. Mahomes"),
            ("A.J. Brown", "WR", "PHI", "A.J. Brown"),
            ("DK Metcalf", "WR", "PIT", "DK Metcalf"),
            ("Amon-Ra St. Brown", "WR", "DET", "A. St. Brown"),
            ("Marvin Harrison Jr.", "WR", "ARI", "M. Harrison Jr."),
            ("Kenneth Walker III", "RB", "SEA", "K. Walker III"),
            ("Kansas City Chiefs", "DEF", "KC", "KC D/ST"),
            ("BUF D/ST", "DEF", "BUF", "BUF D/ST"),
            ("Ghost", "WR", "KC", "Ghost"),
            ("Jaxon Smith-Njigba", "WR", "SEA", "J. Smith-Njigba"),
            ("Christian Alexander Hamilton-Worthington", "RB", "KC", "C. Alexander Hamilt…"),
        ]
        for (name, position, team, expected) in cases {
            #expect(PlayerNameFormat.short(F.player(name, position, team, 1, .playing)) == expected)
        }
    }

    @Test("Names are cut by whole characters, never through an emoji, and within a byte budget")
    func truncation() {
        #expect(TextFit.truncated("Gridiron Gang", maxCharacters: 12) == "Gridiron Ga…")
        #expect(TextFit.truncated("Taco Tuesday", maxCharacters: 12) == "Taco Tuesday")
        #expect(TextFit.truncated("Gridiron   Gang\nNorth", maxCharacters: 40) == "Gridiron Gang North")
        #expect(TextFit.truncated("Big Dogs    ", maxCharacters: 5) == "Big…")
        let family = "👨‍👩‍👧‍👦"
        let emoji = String(repeating: family, count: 40)
        let cut = TextFit.truncated(emoji, maxCharacters: 12, maxUTF8: 48)
        #expect(cut == family + "…")
        #expect(cut.utf8.count <= 48)
    }

    @Test("Times use the context's zone and locale, with the weekday when not today")
    func times() {
        let newYork = DisplayContext(now: F.now)
        #expect(ClockFormat.time(F.now, context: newYork) == "2:14 PM")
        #expect(ClockFormat.kickoff(F.late, context: newYork) == "4:25 PM")
        #expect(ClockFormat.kickoff(F.mondayNight, context: newYork) == "Mon 8:15 PM")
        let losAngeles = DisplayContext(now: F.now, timeZone: TimeZone(identifier: "America/Los_Angeles") ?? .gmt)
        #expect(ClockFormat.time(F.now, context: losAngeles) == "11:14 AM")
        let berlin = DisplayContext(now: F.now, timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt, localeIdentifier: "de_DE")
        #expect(ClockFormat.time(F.now, context: berlin) == "20:14")
    }

    @Test("The same inputs give the same content state: nothing reads the clock")
    func pure() {
        let view = F.matchup(F.myLineup(), F.theirLineup())
        let first = DisplayBuilder.contentState(for: view, phase: .live, context: F.context)
        let second = DisplayBuilder.contentState(for: view, phase: .live, context: F.context)
        #expect(first == second)
        #expect(first.updatedAt == 1_795_374_840)
    }

    @Test("Attributes carry ids, league, week, names and ready-made title and subtitle")
    func attributes() {
        let attributes = DisplayBuilder.attributes(
            registration: "reg-1", activity: "act-1", view: F.matchup(F.myLineup(), F.theirLineup())
        )
        #expect(F.flat(attributes) == """
            activity = act-1
            leagueName = Dynasty Bros
            myTeamName = Gridiron Gang
            myTeamShortName = Gridiron Ga…
            opponentTeamName = Taco Tuesday
            opponentTeamShortName = Taco Tuesday
            registration = reg-1
            schemaVersion = 3
            scope = league
            season = 2026
            subtitle = Dynasty Bros · Week 12
            title = Gridiron Gang vs Taco Tuesday
            week = 12
            """)
    }

    @Test("Attributes without an opponent title the team alone")
    func attributesOnBye() {
        let attributes = DisplayBuilder.attributes(registration: "r", activity: "a", view: F.matchup(F.myLineup(), nil))
        #expect(attributes.title == "Gridiron Gang")
        #expect(attributes.opponentTeamName == nil)
        #expect(attributes.opponentTeamShortName == nil)
    }

    @Test("Long and emoji team names are cut with an ellipsis for compact presentations")
    func attributesWithLongNames() {
        let attributes = DisplayBuilder.attributes(registration: "r", activity: "a", view: DisplayScenario.longEmojiNames.view)
        #expect(attributes.myTeamName == "🏈🔥 The Extremely Long Team Name Of Doom!")
        #expect(attributes.myTeamShortName == "🏈🔥 The Extr…")
        #expect(attributes.opponentTeamShortName == "👨‍👩‍👧‍👦…")
        #expect(attributes.title == "🏈🔥 The Extremely Lo… vs 👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦…")
    }

    @Test("An empty team name still reads as a name")
    func unnamedTeam() {
        let view = F.matchup(F.lineup(1, "  ", 10, []), nil)
        #expect(DisplayBuilder.attributes(registration: "r", activity: "a", view: view).myTeamName == "Unnamed team")
    }
}
