import Foundation
import Testing
@testable import SidelineCore

@Suite("Game statuses only move forward")
struct GameStatusMergerTests {
    let kickoff = ScriptedDay.utc("2026-11-22T18:00:00Z")

    func schedule(_ status: GameStatus) -> WeekSchedule {
        WeekSchedule(season: "2026", seasonType: .regular, week: 12, games: [
            NFLGame(id: "g1", home: TeamCode(normalizing: "BUF")!, away: TeamCode(normalizing: "MIA")!, kickoff: kickoff, status: status),
        ])
    }

    @Test("A final game stays final when the feed flaps back to pre-game")
    func finalStaysFinal() {
        let merged = GameStatusMerger.merge(previous: schedule(.final), observed: schedule(.scheduled), now: kickoff.addingTimeInterval(4 * 3600))
        #expect(merged.schedule.games[0].status == .final)
        #expect(!merged.notes.isEmpty)
    }

    @Test("In progress never goes back to scheduled")
    func liveStaysLive() {
        let merged = GameStatusMerger.merge(previous: schedule(.inProgress), observed: schedule(.scheduled), now: kickoff.addingTimeInterval(600))
        #expect(merged.schedule.games[0].status == .inProgress)
    }

    @Test("Postponed after kickoff counts as done; before kickoff it is simply not played")
    func postponed() {
        #expect(GameStatusMerger.merge(previous: schedule(.inProgress), observed: schedule(.postponed), now: kickoff).schedule.games[0].status == .final)
        #expect(GameStatusMerger.merge(previous: schedule(.scheduled), observed: schedule(.postponed), now: kickoff).schedule.games[0].status == .postponed)
        #expect(StarterMapper.state(of: TeamCode(normalizing: "BUF"), in: schedule(.postponed)).0 == .notPlaying)
    }

    @Test("Still in progress 6 hours after kickoff is treated as done, and noted")
    func stalled() {
        let aged = GameStatusMerger.age(schedule(.inProgress), now: kickoff.addingTimeInterval(6 * 3600))
        #expect(aged.schedule.games[0].status == .final)
        #expect(aged.notes.count == 1)
        #expect(GameStatusMerger.age(schedule(.inProgress), now: kickoff.addingTimeInterval(5 * 3600)).schedule.games[0].status == .inProgress)
    }

    @Test("Team codes are normalised to Sleeper's")
    func teamCodes() {
        #expect(TeamCode(normalizing: "WSH")?.rawValue == "WAS")
        #expect(TeamCode(normalizing: "JAC")?.rawValue == "JAX")
        #expect(TeamCode(normalizing: "LA")?.rawValue == "LAR")
        #expect(TeamCode(normalizing: "oak")?.rawValue == "LV")
        #expect(TeamCode(normalizing: "") == nil)
        #expect(TeamCode(normalizing: nil) == nil)
    }
}

@Suite("Mapping starters to games")
struct StarterMapperTests {
    let day = ScriptedDay(games: ScriptedDay.sunday, starters: [])
    let league = League(leagueID: "L", name: "L", season: "2026", status: .inSeason, previousLeagueID: nil, isBestBall: false)

    var players: PlayersIndex {
        PlayersIndex(players: [
            "1": PlayerInfo(id: "1", name: "Early Guy", position: "RB", team: TeamCode(normalizing: "JAX")),
            "2": PlayerInfo(id: "2", name: "Late Guy", position: "WR", team: TeamCode(normalizing: "KC")),
            "3": PlayerInfo(id: "3", name: "Free Agent", position: "WR", team: nil),
            "4": PlayerInfo(id: "4", name: "Bye Guy", position: "TE", team: TeamCode(normalizing: "GB")),
        ])
    }

    func entry(_ starters: [String], roster: Int = 1, matchup: Int? = 1) -> MatchupEntry {
        MatchupEntry(rosterID: roster, matchupID: matchup, points: 0, starters: starters, startersPoints: starters.map { _ in 0 }, players: starters, playersPoints: nil)
    }

    @Test("Empty slots, free agents, unknown ids and byes are not playing, never errors")
    func edgeCases() {
        let view = StarterMapper.view(rosterID: 1, league: league, snapshot: [entry(["0", "1", "3", "999", "4", "BUF"])], teamNames: [:], players: players, schedule: day.schedule(at: ScriptedDay.utc("2026-11-22T15:00:00Z")), week: 12)!
        #expect(view.me.starters.map(\.state) == [.playing, .notPlaying, .notPlaying, .notPlaying, .toPlay])
        #expect(view.me.counts == StarterCounts(playing: 1, toPlay: 1, done: 0))
        #expect(view.opponent == nil)
        #expect(view.me.teamName == "Team 1")
    }

    @Test("The opponent shares the matchup id; a null matchup id has none")
    func opponent() {
        let snapshot = [entry(["1"], roster: 1, matchup: 3), entry(["2"], roster: 2, matchup: 3), entry(["4"], roster: 5, matchup: nil)]
        let schedule = day.schedule(at: ScriptedDay.utc("2026-11-22T22:00:00Z"))
        #expect(StarterMapper.view(rosterID: 1, league: league, snapshot: snapshot, teamNames: [2: "Rival"], players: players, schedule: schedule, week: 12)?.opponent?.teamName == "Rival")
        #expect(StarterMapper.view(rosterID: 5, league: league, snapshot: snapshot, teamNames: [:], players: players, schedule: schedule, week: 12)?.opponent == nil)
        #expect(StarterMapper.view(rosterID: 9, league: league, snapshot: snapshot, teamNames: [:], players: players, schedule: schedule, week: 12) == nil)
    }

    @Test("Best-ball leagues count every rostered player")
    func bestBall() {
        let bestBall = League(leagueID: "B", name: "B", season: "2026", status: .inSeason, previousLeagueID: nil, isBestBall: true)
        let snapshot = [MatchupEntry(rosterID: 1, matchupID: 1, points: 0, starters: [], startersPoints: nil, players: ["1", "2"], playersPoints: ["1": 3, "2": 0])]
        let view = StarterMapper.view(rosterID: 1, league: bestBall, snapshot: snapshot, teamNames: [:], players: players, schedule: day.schedule(at: ScriptedDay.utc("2026-11-22T15:00:00Z")), week: 12)!
        #expect(view.me.starters.map(\.playerID) == ["1", "2"])
        #expect(view.me.starters[0].points == 3)
    }

    @Test("A lineup snapshot confirms a start only from 60 s after that starter's kickoff")
    func startConfirmation() {
        let snapshot = [entry(["1"])]
        let at = ScriptedDay.utc("2026-11-22T14:31:00Z")
        let view = StarterMapper.view(rosterID: 1, league: league, snapshot: snapshot, teamNames: [:], players: players, schedule: day.schedule(at: at), week: 12)!
        #expect(StartConfirmation.confirms(view, fetchedAt: at))
        #expect(!StartConfirmation.confirms(view, fetchedAt: at.addingTimeInterval(-1)))
    }

    @Test("No view confirms a start on a snapshot older than a minute after the first kickoff in progress")
    func couldConfirm() {
        // The pass skips idle registrations on this test alone (ADR 018): it must never say
        // no where `confirms` would say yes, at any instant, for any lineup.
        let lineups = [["1"], ["2"], ["1", "2"], ["3", "4"], ["4", "2"]]
        var confirmed = 0
        for minute in stride(from: 0, through: 14 * 60, by: 5) {
            let now = ScriptedDay.utc("2026-11-22T14:00:00Z").addingTimeInterval(Double(minute) * 60)
            let schedule = day.schedule(at: now)
            let first = StartConfirmation.firstPlayingKickoff(schedule)
            for lag in [-120.0, -1, 0, 59, 60, 61, 600] {
                let fetchedAt = (first ?? now).addingTimeInterval(lag)
                for starters in lineups {
                    let view = StarterMapper.view(rosterID: 1, league: league, snapshot: [entry(starters)], teamNames: [:], players: players, schedule: schedule, week: 12)!
                    if StartConfirmation.confirms(view, fetchedAt: fetchedAt) {
                        confirmed += 1
                        #expect(StartConfirmation.couldConfirm(fetchedAt: fetchedAt, firstPlayingKickoff: first), "\(starters) at \(now)")
                    }
                }
            }
        }
        #expect(confirmed > 0)

        // London is in progress at 15:00 and the only game that is: a minute after its kickoff.
        let london = ScriptedDay.utc("2026-11-22T14:30:00Z")
        let first = StartConfirmation.firstPlayingKickoff(day.schedule(at: ScriptedDay.utc("2026-11-22T15:00:00Z")))
        #expect(first == london)
        #expect(StartConfirmation.couldConfirm(fetchedAt: london.addingTimeInterval(60), firstPlayingKickoff: first))
        #expect(!StartConfirmation.couldConfirm(fetchedAt: london.addingTimeInterval(59), firstPlayingKickoff: first))
        // Between games nothing is in progress, and nothing could confirm.
        #expect(StartConfirmation.firstPlayingKickoff(day.schedule(at: ScriptedDay.utc("2026-11-22T17:50:00Z"))) == nil)
        #expect(!StartConfirmation.couldConfirm(fetchedAt: ScriptedDay.utc("2026-11-22T17:50:00Z"), firstPlayingKickoff: nil))
    }
}
