import Foundation
import Testing
@testable import SidelineCore

/// A person's activity must fit APNs' 4096 bytes whatever their leagues are called (issue 30).
@Suite("Person payload size")
struct PersonPayloadSizeTests {
    typealias F = DisplayFixtures
    typealias S = DisplayPayloadSizeTests

    /// The widest score text the points check lets through (``SnapshotUsability/pointsBound``):
    /// `"−1000.00"` beside `"−999.99"`, two decimals because one would show a tie.
    static let widestMine = -SnapshotUsability.pointsBound
    static let widestTheirs = -SnapshotUsability.pointsBound + 0.01

    /// One league as large as a league gets: long emoji names everywhere, a best-ball-sized
    /// lineup of two-digit counts, performers of the widest points, a win chance.
    static func league(_ index: Int, late: Bool, swapped: Bool) -> PersonLeague {
        let playing = (0..<12).map { F.player(S.longName + "\($0)", "WR", "KC", SnapshotUsability.pointsBound, .playing) }
        let toPlay = late ? [] : (0..<12).map { F.player("Player \($0)", "RB", "SF", 0, .toPlay, kickoff: F.mondayNight) }
        let done = (0..<12).map { F.player("Player \($0)", "TE", "DAL", widestTheirs, .done) }
        let lineup = playing + toPlay + done
        // Alternate leaders so a late update changes the lead everywhere (the longest alert).
        let swap = (index % 2 == 0) != swapped
        let me = F.lineup(1, S.longName, swap ? widestTheirs : widestMine, lineup)
        let them = F.lineup(2, S.longName, swap ? widestMine : widestTheirs, lineup)
        let view = MatchupView(leagueName: S.longName + " \(index)", season: "2026", week: 18, me: me, opponent: them, hasMedianGame: true, winProbability: 0.5)
        return PersonLeague(registrationID: Int64(1_000_000_000 + index), leagueID: String(repeating: "9", count: 19), isBestBall: index == 0, view: view)
    }

    static func view(late: Bool, swapped: Bool = false) -> PersonView {
        let leagues = (0..<12).map { league($0, late: late, swapped: swapped) }
        return PersonView(leagues: leagues, highlight: leagues[11].registrationID)
    }

    static let person = PersonIdentity(sleeperUserID: String(repeating: "8", count: 20), username: S.longName, displayName: S.longName)

    @Test("A person in 12 leagues with long emoji names and the widest scores: start, update and end within 3,800 bytes")
    func twelveLeaguesFit() throws {
        var largest = 0
        for locale in S.locales {
            let context = DisplayContext(now: F.now, localeIdentifier: locale)
            for kind in [LifecycleEventKind.start, .update, .end] {
                let late = kind != .start
                let current = Self.view(late: late)
                let previous = kind == .update ? Self.view(late: true, swapped: true) : nil
                let phase: DisplayPhase = kind == .end ? .ended : .live
                let parts = PersonDisplay.eventParts(
                    kind: kind, reason: kind == .end ? .graceExpired : (kind == .start ? .kickoff : .points),
                    view: current, previous: previous, phase: phase, at: F.now, context: context,
                    person: Self.person, activity: String(repeating: "a", count: 64), isWinSwing: false, lastMomentAt: nil
                )
                if kind == .update { #expect(parts.push.alert != nil, "the update carries the late lead change's alert") }
                let payload = LiveActivityPayload(kind: kind, timestamp: F.now, contentState: parts.contentState, decision: parts.push, attributes: parts.attributes)
                let size = try payload.encoded().count
                largest = max(largest, size)
                #expect(size <= 3_800, "\(kind) in \(locale) is \(size) bytes")
                #expect(parts.contentState.leagues?.count == 6)
                #expect(parts.contentState.moreLeagues?.count == 6)
            }
        }
        #expect(largest > 2_000, "the worst case is a real one: \(largest) bytes")
    }
}
