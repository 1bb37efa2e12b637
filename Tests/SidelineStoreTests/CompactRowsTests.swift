import Foundation
import GRDB
import SidelineFakeSleeper
import Testing
@testable import SidelineCore
@testable import SidelineStore

/// The compact rows of ADR 012: exact round trips, refusals instead of crashes on damaged
/// bytes, and the migration of JSON rows written by earlier versions.
@Suite("Compact lifecycle and snapshot rows")
struct CompactRowsTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_370_400.25)
    let week = storeWeek

    static func line(_ id: String, _ name: String, team: String?, points: Double, state: StarterState, kickoff: Date?) -> StarterLine {
        StarterLine(playerID: id, name: name, position: team == nil ? nil : "WR", team: team.map { TeamCode(normalized: $0) }, points: points, state: state, kickoff: kickoff)
    }

    static let view = MatchupView(
        leagueName: "Dynasty — Zürich 🏈", season: "2026", week: 12,
        me: LineupView(rosterID: 3, teamName: "Tua Legit", points: 101.36, starters: [
            line("4046", "Patrick Mahomes", team: "KC", points: 21.04, state: .playing, kickoff: t0),
            line("0", "Empty", team: nil, points: 0, state: .notPlaying, kickoff: nil),
            line("9493", "Amon-Ra St. Brown", team: "DET", points: -1.5, state: .done, kickoff: t0.addingTimeInterval(-12_000)),
            line("DEN", "Broncos D/ST", team: "DEN", points: 1e-9, state: .toPlay, kickoff: t0.addingTimeInterval(86_400)),
        ]),
        opponent: LineupView(rosterID: 11, teamName: "", points: 0, starters: []),
        hasMedianGame: true,
        winProbability: 0.623_4
    )

    static let states: [LifecycleState] = [
        .idle,
        LifecycleState(activity: nil, startedCount: 2, lastEndedAt: t0),
        LifecycleState(activity: ActivityState(id: "3-2026w12-1", startedAt: t0, phase: .live, lastView: view, lastEventAt: t0.addingTimeInterval(90),
                                               winSwing: WinSwing(side: .them, at: t0.addingTimeInterval(30))), startedCount: 1),
        LifecycleState(activity: ActivityState(id: "dry-3-2026w12-2", startedAt: t0, phase: .grace(since: t0.addingTimeInterval(600)), lastView: MatchupView(
            leagueName: "L", season: "2026", week: 1, me: view.me, opponent: nil), lastEventAt: nil, winSwing: WinSwing(side: .me, at: nil)),
                       startedCount: 123_456, lastEndedAt: t0.addingTimeInterval(-1)),
    ]

    static let entries: [MatchupEntry] = [
        MatchupEntry(rosterID: 1, matchupID: 1, points: 120.5, starters: ["4046", "0", "DEN"], startersPoints: [21.04, 0, -3],
                     players: ["4046", "DEN", "1234"], playersPoints: ["4046": 21.04, "DEN": -3, "1234": 7.7]),
        MatchupEntry(rosterID: 2, matchupID: nil, points: 0, starters: [], startersPoints: nil, players: [], playersPoints: nil),
        MatchupEntry(rosterID: Int.max, matchupID: Int.min, points: -0.0, starters: ["é"], startersPoints: [], players: ["é"], playersPoints: [:]),
    ]

    @Test("Lifecycle states round-trip exactly, and the header matches the state")
    func lifecycleRoundTrip() throws {
        for state in Self.states {
            let row = LifecycleRow(state)
            #expect(try row.state() == state)
            let reread = try LifecycleRow(bytes: row.bytes)
            #expect(reread == row)
            #expect(reread.isOpen == state.isOpen)
            #expect(reread.activityStartedAt == state.activity?.startedAt)
            #expect(reread.lastEventAt == state.activity?.lastEventAt)
        }
    }

    @Test("Version 2 rows keep the view's win probability and the activity's last swing, known or not")
    func winProbabilityAndSwingRoundTrip() throws {
        let sides: [WinSwing?] = [nil, WinSwing(side: .me, at: nil), WinSwing(side: .them, at: Self.t0), WinSwing(side: .me, at: Self.t0.addingTimeInterval(0.5))]
        for (index, swing) in sides.enumerated() {
            let probability: Double? = [nil, 0, 0.5, 1][index]
            let view = Self.view.replacingWinProbability(probability)
            let state = LifecycleState(activity: ActivityState(id: "a", startedAt: Self.t0, phase: .live, lastView: view, winSwing: swing), startedCount: 1)
            let row = LifecycleRow(state)
            #expect(row.bytes.first == 2)
            let read = try row.state()
            #expect(read == state)
            #expect(read.activity?.lastView.winProbability == probability)
            #expect(read.activity?.winSwing == swing)
            #expect(try LifecycleRow(bytes: row.bytes).header == row.header)
        }
    }

    /// A lifecycle row exactly as the encoder before issue 21 wrote it (format version 1):
    /// an open activity in grace, one starter, an opponent. Databases on users' machines
    /// hold rows like it.
    static let versionOneRow = hex("""
        0102000116332d323032367731322d3100001068cbc0da4101000010fecbc0da41010000907ecbc0da410e44796e61737479083230323618000612547561204c65676974
        d7a3703d0a5759400208343034361e5061747269636b204d61686f6d65730104514201044b430ad7a3703d0a3540020100001068cbc0da410116085461636f0000000000
        e0584000
        """)

    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.filter(\.isHexDigit))
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16) ?? 0 }
    }

    @Test("A version 1 row still reads, with no win probability and no swing; its header too; rewritten, it becomes version 2")
    func versionOneRowReads() throws {
        let row = try LifecycleRow(bytes: Self.versionOneRow)
        #expect(row.isOpen)
        #expect(row.activityStartedAt == Date(timeIntervalSince1970: 1_795_370_400.25))
        #expect(row.lastEventAt == Date(timeIntervalSince1970: 1_795_370_490.25))
        #expect(row.graceSince == Date(timeIntervalSince1970: 1_795_371_000.25))
        let state = try row.state()
        let activity = try #require(state.activity)
        #expect(state.startedCount == 1)
        #expect(activity.id == "3-2026w12-1")
        #expect(activity.lastView.leagueName == "Dynasty")
        #expect(activity.lastView.me.points == 101.36)
        #expect(activity.lastView.me.starters.map(\.name) == ["Patrick Mahomes"])
        #expect(activity.lastView.opponent?.points == 99.5)
        #expect(activity.lastView.winProbability == nil)
        #expect(activity.winSwing == nil)
        let rewritten = LifecycleRow(state)
        #expect(rewritten.bytes.first == 2)
        #expect(try rewritten.state() == state)
        #expect(rewritten.header == row.header)
    }

    @Test("A row of a format this version does not know is refused, not misread")
    func unknownVersionRefused() {
        var future = Self.versionOneRow
        future[0] = 3
        #expect(throws: (any Error).self) { try CompactRows.lifecycleState(future) }
        #expect(throws: (any Error).self) { try LifecycleRow(bytes: future) }
    }

    @Test("Snapshots round-trip exactly; equal snapshots are equal bytes")
    func snapshotRoundTrip() throws {
        let bytes = CompactRows.encode(Self.entries)
        #expect(try CompactRows.matchupEntries(bytes) == Self.entries)
        #expect(try CompactRows.matchupEntries(CompactRows.encode([])) == [])
        // Dictionary order differs from instance to instance; the encoding does not.
        let shuffled = Self.entries.map { entry in
            MatchupEntry(rosterID: entry.rosterID, matchupID: entry.matchupID, points: entry.points, starters: entry.starters, startersPoints: entry.startersPoints,
                         players: entry.players, playersPoints: entry.playersPoints.map { Dictionary(uniqueKeysWithValues: $0.shuffled()) })
        }
        #expect(CompactRows.encode(shuffled) == bytes)
    }

    @Test("Every truncation and a thousand random corruptions are refused or read, never a crash")
    func damagedRows() throws {
        let lifecycle = LifecycleRow(Self.states[2]).bytes
        let snapshot = CompactRows.encode(Self.entries)
        for cut in 0..<lifecycle.count { #expect(throws: (any Error).self) { try CompactRows.lifecycleState(Array(lifecycle.prefix(cut))) } }
        for cut in 0..<snapshot.count { #expect(throws: (any Error).self) { try CompactRows.matchupEntries(Array(snapshot.prefix(cut))) } }
        #expect(throws: (any Error).self) { try CompactRows.lifecycleState(lifecycle + [0]) }
        #expect(throws: (any Error).self) { try CompactRows.lifecycleState(Array("{\"startedCount\":0}".utf8)) }
        var generator = SplitMix64(seed: 12)
        for _ in 0..<1000 {
            var damaged = Bool.random(using: &generator) ? lifecycle : snapshot
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = try? CompactRows.lifecycleState(damaged)
            _ = try? CompactRows.matchupEntries(damaged)
        }
    }

    @Test("A database written before v6 (JSON rows) is converted on open, and reads back the same")
    func migratesJSONRows() throws {
        let path = try olderDatabase(upTo: "v5-pairing") { db in
            try db.execute(sql: """
                INSERT INTO registration (id, sleeper_user_id, username, display_name, league_id, league_name, roster_id, season, created_at)
                VALUES (1, '700', 'alex', 'Alex', '900', 'Demo', 3, '2026', 0)
                """)
            for (index, state) in Self.states.enumerated() {
                let week = WeekKey(season: "2026", seasonType: .regular, week: 10 + index)
                try db.execute(sql: "INSERT INTO lifecycle (registration_id, week_key, mode, json, is_open, updated_at) VALUES (1, ?, 'live', ?, ?, 0)",
                               arguments: [week.storageKey, try JSONColumn.encode(state), state.isOpen])
            }
            try db.execute(sql: "INSERT INTO snapshot (league_id, week_key, json, fetched_at) VALUES ('900', ?, ?, 5)",
                           arguments: [week.storageKey, try JSONColumn.encode(Self.entries)])
        }
        let store = try SQLiteStore(path: path)
        for (index, state) in Self.states.enumerated() {
            let week = WeekKey(season: "2026", seasonType: .regular, week: 10 + index)
            #expect(try store.lifecycleStates(mode: .live, week: week)[LifecycleKey(registrationID: 1, week: week, mode: .live)] == state)
        }
        #expect(try store.snapshot(leagueID: "900", week: week)?.entries == Self.entries)
    }
}

fileprivate extension MatchupView {
    func replacingWinProbability(_ probability: Double?) -> MatchupView {
        MatchupView(leagueName: leagueName, season: season, week: week, me: me, opponent: opponent, hasMedianGame: hasMedianGame, winProbability: probability)
    }
}
