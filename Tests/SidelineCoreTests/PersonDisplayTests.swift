import Foundation
import SidelineActivity
import Testing
@testable import SidelineCore

/// One Lock Screen per person (issue 30): the highlighted league's legacy fields, a row per
/// league, the summary, the highlight's names, and attributes that describe the person.
@Suite("Person display")
struct PersonDisplayTests {
    typealias F = DisplayFixtures
    typealias P = PersonFixtures

    func state(_ view: PersonView, _ phase: DisplayPhase = .live) -> LiveActivityContentState {
        PersonDisplay.contentState(for: view, phase: phase, context: F.context)
    }

    @Test("The legacy fields are the highlighted league's, so a version-2 app shows its score")
    func legacyFieldsAreTheHighlightedLeagues() throws {
        let person = state(P.sixLeagues)
        let highlighted = DisplayBuilder.contentState(for: try #require(P.sixLeagues.league(registrationID: 3)).view, phase: .live, context: F.context)
        #expect(person.scoreLine == "101.2 – 99.9")
        #expect(person.scoreLine == highlighted.scoreLine)
        #expect(person.compactLeading == highlighted.compactLeading)
        #expect(person.minimal == highlighted.minimal)
        #expect(person.expanded == highlighted.expanded)
        #expect(person.lockScreen.headline == highlighted.lockScreen.headline)
        #expect(person.lockScreen.detail == "Family Cup: " + highlighted.lockScreen.detail)
        #expect(person.lockScreen.footer == "Up in 4 · Down in 2 · as of 2:14 PM")
        #expect(person.scope == .person)
        #expect(person.schemaVersion == 3)
    }

    @Test("Every league is a row in the view's order: its name, both scores, who leads, players, chance")
    func rows() throws {
        let rows = try #require(state(P.sixLeagues).leagues)
        #expect(rows.map(\.id) == ["1", "2", "3", "4", "5", "6"])
        #expect(rows[0] == LiveActivityLeagueRow(
            id: "1", league: "Dynasty Bros", score: "87.4 – 72.1", status: "Up 15.3", sentiment: .winning,
            players: "1 playing · 1 to play · 1 done", winChance: "62% to win"
        ))
        #expect(rows[1].status == "Down 15.5")
        #expect(rows[1].sentiment == .losing)
        #expect(rows[1].winChance == nil)
    }

    @Test("The summary counts every league: ahead, behind, tied, without opponent, then results")
    func summary() {
        #expect(state(P.sixLeagues).summary == "Up in 4 · Down in 2")
        let mixed = PersonView(leagues: [
            P.league(1, "A", mine: 10, theirs: 10),
            P.league(2, "B", mine: 10, theirs: nil),
            P.league(3, "C", mine: 50, theirs: 40, playing: 0, toPlay: 0, done: 2),
            P.league(4, "D", mine: 20, theirs: 30),
        ], highlight: 4)
        #expect(state(mixed).summary == "Won 1 · Down in 1 · Tied in 1 · No opponent in 1")
        #expect(state(mixed).leagues?.map(\.status) == ["Tied", "Bye", "Won", "Down 10.0"])
    }

    @Test("One league's result shows in its row while others play")
    func oneLeagueFinal() throws {
        let view = PersonView(leagues: [
            P.league(1, "Done League", mine: 50, theirs: 40, playing: 0, toPlay: 0, done: 2),
            P.league(2, "Live League", mine: 20, theirs: 30),
        ], highlight: 2)
        let person = state(view)
        #expect(person.phase == .live)
        #expect(person.leagues?.first?.status == "Won")
        #expect(person.summary == "Won 1 · Down in 1")
    }

    @Test("More than six leagues: six rows with the highlight among them, the rest '+N more'")
    func atMostSixRows() throws {
        let leagues = (1...9).map { P.league(Int64($0), "League \($0)", mine: 50, theirs: 40) }
        let person = state(PersonView(leagues: leagues, highlight: 8))
        let rows = try #require(person.leagues)
        #expect(rows.map(\.id) == ["1", "2", "3", "4", "5", "8"])
        #expect(person.moreLeagues == LiveActivityMoreLeagues(count: 3, text: "+3 more"))
        #expect(person.summary == "Up in 9")
        #expect(state(P.sixLeagues).moreLeagues == nil)
    }

    @Test("The highlight names the highlighted league and its teams (not the attributes)")
    func highlight() {
        #expect(state(P.sixLeagues).highlight == LiveActivityHighlight(
            league: "Family Cup", myTeam: TeamNameFormat("Gridiron Gang").short, opponentTeam: TeamNameFormat("Taco Tuesday").short
        ))
    }

    @Test("The attributes describe the person, fixed whatever the leagues: no league's names")
    func attributesDescribeThePerson() throws {
        let attributes = PersonDisplay.attributes(person: P.alex, activity: "p-u-alex-2026w12-1", view: P.sixLeagues)
        #expect(attributes.title == "Alex · all leagues")
        #expect(attributes.subtitle == "Week 12")
        #expect(attributes.leagueName == "All leagues")
        #expect(attributes.myTeamName == "Alex")
        #expect(attributes.opponentTeamName == nil)
        #expect(attributes.registration == "person:u-alex")
        #expect(attributes.scope == .person)
        let fewer = PersonView(leagues: [try #require(P.sixLeagues.league(registrationID: 5))], highlight: 5)
        #expect(PersonDisplay.attributes(person: P.alex, activity: "p-u-alex-2026w12-1", view: fewer) == attributes)
    }

    @Test("A league's content state and attributes say scope league")
    func leagueScope() {
        #expect(DisplayScenario.liveWinning.contentState.scope == .league)
        #expect(DisplayScenario.liveWinning.contentState.leagues == nil)
        #expect(DisplayBuilder.attributes(registration: "1", activity: "a", view: DisplayScenario.liveWinning.view).scope == .league)
    }

    @Test("A person with no league left shows the summary alone")
    func noLeagues() {
        let person = state(PersonView(leagues: [], highlight: nil), .ended)
        #expect(person.headline == "No leagues playing")
        #expect(person.leagues == [])
        #expect(person.phase == .final)
    }

    @Test("The direct writer writes a person's state as JSONEncoder does")
    func directWriterMatchesEncoder() throws {
        let person = state(PersonView(leagues: (1...8).map { P.league(Int64($0), "L\($0)", mine: 50, theirs: $0 % 2 == 0 ? 40 : nil, winProbability: 0.7) }, highlight: 2))
        #expect(person.directJSON() == (try JSONEncoder.sortedKeysReference.encode(person)))
        let attributes = PersonDisplay.attributes(person: P.alex, activity: "a", view: P.sixLeagues)
        #expect(attributes.directJSON() == (try JSONEncoder.sortedKeysReference.encode(attributes)))
    }
}

extension PersonDisplayTests {
    @Test("The terminal preview lists a person's rows, summary and '+N more'")
    func preview() {
        let leagues = (1...7).map { PersonFixtures.league(Int64($0), "League \($0)", mine: 50, theirs: 40) }
        let view = PersonView(leagues: leagues, highlight: 1)
        let text = DisplayPreview.text(attributes: PersonDisplay.attributes(person: PersonFixtures.alex, activity: "a", view: view), state: state(view))
        #expect(text.contains("Lock Screen: Alex · all leagues (Week 12)"))
        #expect(text.contains("  Up in 7\n    League 1: 50.0 – 40.0 Up 10.0\n"))
        #expect(text.contains("    +1 more"))
    }
}
