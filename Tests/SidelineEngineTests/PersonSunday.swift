import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineDelivery
import SidelineFakeSleeper
import SidelineStore
import SidelineTestSupport

/// What the person suites share: the compressed day, and reading what happened.
enum PersonSunday {
    static let week = WeekKey(season: "2026", seasonType: .regular, week: 12)
    static let patActivity = "u\(PersonSundayScript.pat.userID)-2026w12"

    /// The Sunday from 14:20Z (9:20 ET) to `end`, compressed: a pass every five minutes
    /// (every game in the script ends, and every grace runs out, on a five-minute mark) and
    /// every minute around each kickoff (a start or resume is confirmed on the first
    /// snapshot a minute after it) and the first activity's rollover (7.5 h after 14:31).
    static func passTimes(from start: String = "2026-11-22T14:20:00Z", to end: String = "2026-11-23T05:10:00Z") -> [Date] {
        let first = utc(start), last = utc(end)
        var times: Set<Date> = []
        var time = first
        while time <= last {
            times.insert(time)
            time += 300
        }
        let kickoffs = [GameDayScript.londonKickoff, GameDayScript.earlyKickoff, GameDayScript.lateKickoff, GameDayScript.sundayNightKickoff]
        for around in kickoffs + [utc("2026-11-22T22:01:00Z")] {
            for minute in -6...6 {
                let pass = around + Double(minute * 60)
                if pass >= first && pass <= last { times.insert(pass) }
            }
        }
        return times.sorted()
    }

    /// The lifecycle's milestones: starts, ends, and the updates that resume a grace.
    static func milestones(_ events: [EventEnvelope]) -> [EventEnvelope] {
        events.filter { $0.event != .update || $0.reason == .resumed }
    }

    /// ``milestones(_:)`` as lines naming their activity.
    static func lifecycle(_ events: [EventEnvelope]) -> [String] {
        milestones(events).map { "\($0.summary) \($0.activity)" }
    }

    /// The most activities open at once, counting starts and ends in the order delivered.
    static func mostOpenAtOnce(_ events: [EventEnvelope]) -> Int {
        var open: Set<String> = [], most = 0
        for event in events {
            if event.event == .start { open.insert(event.activity) }
            if event.event == .end { open.remove(event.activity) }
            most = max(most, open.count)
        }
        return most
    }

    /// Each activity starts once, then only updates, then ends once (when `ended`).
    static func expectWellFormed(_ events: [EventEnvelope], ended: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        for (activity, mine) in Dictionary(grouping: events, by: \.activity) {
            #expect(mine.count { $0.event == .start } == 1, "one start for \(activity)", sourceLocation: sourceLocation)
            #expect(mine.first?.event == .start, "\(activity) begins with its start", sourceLocation: sourceLocation)
            if ended {
                #expect(mine.count { $0.event == .end } == 1, "one end for \(activity)", sourceLocation: sourceLocation)
                #expect(mine.last?.event == .end, "\(activity) finishes with its end", sourceLocation: sourceLocation)
            }
        }
    }

    /// The person's stored row now (live mode).
    static func row(_ harness: EngineHarness, user: String = PersonSundayScript.pat.userID) throws -> PersonRow? {
        let store = try SQLiteStore(path: harness.configuration.databasePath)
        return try store.personRows(mode: .live, week: week)[PersonKey(sleeperUserID: user, week: week, mode: .live)]
    }

    /// The league ids the person's running activity shows now, in row order.
    static func shownLeagues(_ harness: EngineHarness, user: String = PersonSundayScript.pat.userID) throws -> [String] {
        try row(harness, user: user)?.state.activity?.lastView.leagues.map(\.leagueID) ?? []
    }

    static let shownAllDay = [PersonSundayScript.london, PersonSundayScript.early, PersonSundayScript.late, PersonSundayScript.primeTime, PersonSundayScript.split].map(\.leagueID)
}

// MARK: - The person event's shape

/// The assertions every person event's JSON must pass: `"scope": "person"`,
/// `registration: null`, the person's `activity` id, the highlighted league at the top
/// level, and one `leagues` object per shown league; a league event's `"scope": "league"`.
enum PersonEventShape {

    /// Checks one person event's JSON against the leagues its activity should show.
    static func expect(_ payload: Data, shows leagueIDs: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any], sourceLocation: sourceLocation)
        #expect(object["scope"] as? String == "person", sourceLocation: sourceLocation)
        #expect(object["registration"] is NSNull, "a person event names no registration", sourceLocation: sourceLocation)
        #expect((object["activity"] as? String)?.hasPrefix("u") == true, sourceLocation: sourceLocation)
        for key in ["sleeper_user_id", "username", "league_id", "league_name", "score", "starters"] {
            #expect(object[key] != nil, "the highlighted league's \(key) stays at the top level", sourceLocation: sourceLocation)
        }
        let leagues = try #require(object["leagues"] as? [[String: Any]], sourceLocation: sourceLocation)
        #expect(leagues.compactMap { $0["league_id"] as? String } == leagueIDs, sourceLocation: sourceLocation)
        for league in leagues {
            for key in ["league_id", "league_name", "registration", "score", "starters", "phase"] {
                #expect(league[key] != nil, "every row has \(key)", sourceLocation: sourceLocation)
            }
            let score = league["score"] as? [String: Any]
            #expect(score?["team"] != nil && score?["opponent"] != nil, sourceLocation: sourceLocation)
            let starters = league["starters"] as? [String: Any]
            #expect(starters?["to_play"] != nil && starters?["playing"] != nil && starters?["done"] != nil, sourceLocation: sourceLocation)
        }
        #expect(leagues.contains { $0["league_id"] as? String == object["league_id"] as? String }, "the highlight is one of the rows",
                sourceLocation: sourceLocation)
    }

    /// A league-scope event once the person display lands: `"scope": "league"`, otherwise as today.
    static func expectLeague(_ payload: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any], sourceLocation: sourceLocation)
        #expect(object["scope"] as? String == "league", sourceLocation: sourceLocation)
        #expect(object["registration"] is String, sourceLocation: sourceLocation)
        #expect(object["leagues"] == nil, sourceLocation: sourceLocation)
    }
}
