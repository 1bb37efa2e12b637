import Foundation
import SidelineCore
import SidelineEngine
import SidelineFakeSleeper
import SidelineDelivery

/// `sideline-bench envelope [--count N]`: what one lifecycle event costs the scheduler once
/// its matchup is known — building the `EventEnvelope` (display state, attributes, push
/// decision) and encoding the outbox payload — on kickoff-like matchups of the synthetic
/// Sunday. No server, no store: only the per-event work, so before/after figures of a change
/// to it are not drowned by the rest of a pass.
enum BenchEnvelope {
    struct Input {
        let event: LifecycleEvent
        let registration: Registration
        let display: DisplayContext
        let previous: MatchupView?
    }

    static func run(count: Int) -> String {
        let inputs = makeInputs(count: count)
        var build: [Double] = []
        var encode: [Double] = []
        var reference: [Double] = []
        var envelopes: [EventEnvelope] = []
        var bytes = 0
        // Five rounds, the median reported: the machine is shared, a round may be unlucky.
        for _ in 0..<5 {
            // Freeing the last round's envelopes is not building this round's.
            envelopes.removeAll()
            let began = ContinuousClock.now
            envelopes = inputs.map {
                EventEnvelope($0.event, registration: $0.registration, mode: .live, display: $0.display, previous: $0.previous)
            }
            build.append((ContinuousClock.now - began).seconds * 1e6 / Double(count))

            let encodeBegan = ContinuousClock.now
            bytes = envelopes.reduce(0) { $0 + ((try? $1.encoded())?.count ?? 0) }  // the corpus has no NaN
            encode.append((ContinuousClock.now - encodeBegan).seconds * 1e6 / Double(count))

            let referenceBegan = ContinuousClock.now
            let encoder = JSONEncoder.sortedKeysReference
            var referenceBytes = 0
            for envelope in envelopes { referenceBytes += ((try? encoder.encode(envelope)) ?? Data()).count }
            reference.append((ContinuousClock.now - referenceBegan).seconds * 1e6 / Double(count))
            precondition(referenceBytes == bytes, "encoded() and JSONEncoder disagree on the payload size")
        }
        let encoder = JSONEncoder.sortedKeysReference
        let mismatches = envelopes.indices.filter { index in
            // Both refuse the same NaN events (nil == nil): only bytes that differ count.
            return (try? encoder.encode(envelopes[index])) != (try? envelopes[index].encoded())
        }.count
        let (b, e, r) = (median(build), median(encode), median(reference))
        return [
            "\(count) envelopes, \(bytes / count) bytes each on average; median of 5 rounds",
            String(format: "  EventEnvelope.init            %7.2f µs", b),
            String(format: "  EventEnvelope.encoded()       %7.2f µs", e),
            String(format: "  init + encoded()              %7.2f µs", b + e),
            String(format: "  (JSONEncoder, sorted keys     %7.2f µs)", r),
            "  payloads differing from JSONEncoder's: \(mismatches)",
        ].joined(separator: "\n")
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// The 1:00 ET burst: most starters of the 1:00 games playing, later games to play, a few
    /// byes and median leagues, starts, point updates and some ends, two time zones.
    static func makeInputs(count: Int) -> [Input] {
        var random = SplitMix64(seed: 0x5EED_E7E7)
        let now = BenchMain.utc("2026-11-22T18:07:00Z")
        let pool = SyntheticPlayers.pool
        let london = TimeZone(identifier: "Europe/London") ?? .gmt

        func lineup(_ rosterID: Int, _ name: String) -> LineupView {
            var starters: [StarterLine] = []
            var total = 0.0
            for _ in 0..<9 {
                let player = pool[Int(random.next() % UInt64(pool.count))]
                let game = SyntheticSunday.game(for: player.team)
                let state: StarterState = switch game {
                case nil: .notPlaying
                case let game? where game.kickoff <= now: game.end <= now ? .done : .playing
                default: .toPlay
                }
                let points = state == .toPlay || state == .notPlaying ? 0 : Double(random.next() % 3000) / 100
                total += points
                starters.append(StarterLine(
                    playerID: player.id, name: "\(player.firstName) \(player.lastName)", position: player.position,
                    team: player.team, points: points, state: state, kickoff: game?.kickoff
                ))
            }
            return LineupView(rosterID: rosterID, teamName: name, points: (total * 100).rounded() / 100, starters: starters)
        }

        return (0..<count).map { index in
            let league = index / 10
            let me = lineup(1 + index % 10, "Team \(index) Gridiron")
            let roll = random.next() % 100
            let opponent = roll < 8 ? nil : lineup(11 + index % 10, "Rivals of \(index)")
            let view = MatchupView(leagueName: "Synthetic League \(league)", season: "2026", week: 12, me: me, opponent: opponent, hasMedianGame: roll % 7 == 0)
            let kind: LifecycleEventKind = roll < 20 ? .start : (roll < 92 ? .update : .end)
            let reason: LifecycleReason = switch kind {
            case .start: .kickoff
            case .update: roll % 5 == 0 ? .players : .points
            case .end: .graceExpired
            }
            let registration = Registration(
                id: Int64(index + 1), sleeperUserID: "7\(100_000 + index)", username: "user_\(index)", displayName: "User \(index)",
                leagueID: "11800000000\(10_000 + league)", leagueName: "Synthetic League \(league)", rosterID: 1 + index % 10,
                season: "2026", createdAt: now
            )
            let display = index % 10 == 9
                ? DisplayContext(now: now, timeZone: london, localeIdentifier: "en_GB")
                : DisplayContext(now: now)
            let event = LifecycleEvent(kind: kind, reason: reason, at: now, activityID: "\(index + 1)-2026w12-1", view: view, phase: kind == .end ? .ended : .live)
            let previous = kind == .start ? nil : MatchupView(leagueName: view.leagueName, season: "2026", week: 12, me: opponent ?? me, opponent: opponent.map { _ in me }, hasMedianGame: view.hasMedianGame)
            return Input(event: event, registration: registration, display: display, previous: previous)
        }
    }
}
