import Foundation
import SidelineCore
import SidelineEngine
import SidelineFakeSleeper
import SidelineStore
import SidelineDelivery
import SidelineWiring

/// `sideline-bench commit [--count N]`: what persisting one lifecycle event costs — its
/// outbox row (the ~2 kB payload) and its registration's lifecycle row, committed the way a
/// kickoff pass commits them (``Scheduler/Batching``: 500 events a transaction), WAL writes
/// and checkpoints included. A real database file in a temporary directory; no server, no
/// display building. So a change to the schema or the commit can be measured without the
/// rest of a pass's noise.
enum BenchCommit {
    static func run(count: Int) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-bench-commit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = try ConfigurationLoader.resolve(
            file: nil, environment: [:], flags: ["database": directory.appendingPathComponent("commit.sqlite").path, "cache_dir": directory.path],
            derivedDefaults: [:]
        )
        let store = try StoreOpener.open(configuration)

        // Registrations 1…count, ten a league, as the kickoff scenario seeds them; the
        // envelope benchmark's events are for registrations 1…count too.
        let world = SyntheticLeagues(count: (count + 9) / 10, registered: 10)
        var items: [NewRegistration] = []
        var leagues: [StoredLeague] = []
        for index in 0..<world.count {
            let league = world.league(index)
            leagues.append(StoredLeague(league: league, teamNames: [:]))
            for roster in 1...10 where items.count < count {
                let id = world.userID(league: index, roster: roster)
                items.append(NewRegistration(user: SleeperUser(userID: id, username: "user\(id.suffix(8))", displayName: "user\(id.suffix(8))"),
                                             league: league, rosterID: roster))
            }
        }
        let registered = try store.register(items, leagues: leagues, at: BenchMain.dayStart).map(\.0.id)

        let inputs = BenchEnvelope.makeInputs(count: count)
        let batch = Scheduler.Batching().events
        var perEvent: [Double] = []
        var payloadBytes = 0
        var rowBytes = 0
        // Five rounds a minute apart, the median reported. Every round adds `count` outbox
        // rows and rewrites the same `count` lifecycle rows, as successive passes do.
        for round in 0..<5 {
            let at = BenchMain.dayStart.addingTimeInterval(Double(round) * 60)
            var drafts: [OutboxDraft] = []
            var rows: [LifecycleKey: LifecycleRow] = [:]
            for (input, id) in zip(inputs, registered) {
                let envelope = EventEnvelope(input.event, registration: input.registration, mode: .live, display: input.display, previous: input.previous)
                drafts.append(OutboxDraft(mode: .live, registrationID: id, activityID: input.event.activityID, kind: input.event.kind,
                                          reason: input.event.reason, at: at, payload: try envelope.encoded()))
                let state = LifecycleState(activity: ActivityState(id: input.event.activityID, startedAt: BenchMain.dayStart, phase: .live,
                                                                   lastView: input.event.view, lastEventAt: at), startedCount: 1)
                rows[LifecycleKey(registrationID: id, week: week, mode: .live)] = LifecycleRow(state)
            }
            payloadBytes = drafts.reduce(0) { $0 + $1.payload.count } / max(1, drafts.count)
            rowBytes = rows.values.reduce(0) { $0 + $1.bytes.count } / max(1, rows.count)
            let keys = Array(rows.keys).sorted { $0.registrationID < $1.registrationID }

            let before = CPUTime.process()
            var next = 0
            while next < drafts.count {
                let end = min(next + batch, drafts.count)
                let slice = keys[next..<end].reduce(into: [LifecycleKey: LifecycleRow]()) { $0[$1] = rows[$1] }
                try store.commitPass(rows: slice, events: Array(drafts[next..<end]), sinks: [:], at: at)
                next = end
            }
            perEvent.append((CPUTime.process() - before) * 1e6 / Double(drafts.count))
        }
        let sorted = perEvent.sorted()
        return [
            "\(count) events a round (payload \(payloadBytes) bytes, lifecycle row \(rowBytes) bytes on average), \(batch) a transaction; 5 rounds",
            String(format: "  commit, CPU per event (outbox row + lifecycle row)   median %6.1f µs (%.1f–%.1f)", sorted[2], sorted[0], sorted[4]),
        ].joined(separator: "\n")
    }

    static let week = WeekKey(season: SyntheticSunday.season, seasonType: .regular, week: SyntheticSunday.week)
}
