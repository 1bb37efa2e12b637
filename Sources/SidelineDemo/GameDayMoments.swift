import Foundation
import SidelineCore
import SidelineDelivery
import SidelineEngine
import SidelineFakeSleeper
import SidelineWiring

/// The bundled game day's moments for one demo user, read from a dry-run replay against the
/// fake Sleeper in a temporary directory (the user's own database is never opened for it).
enum GameDayMoments {
    /// Every start and update (keep-alives aside) of `demo_alex`'s activities, and each
    /// activity's end, with what the activity showed then.
    static func collect() async throws(WiringError) -> [RehearsalMoment] {
        try await GameDayReplay.withReplay(database: nil) { replay throws(WiringError) in try await collect(replay) }
    }

    static func collect(_ replay: GameDayReplay) async throws(WiringError) -> [RehearsalMoment] {
        _ = try await replay.register(GameDayScript.alex.username)
        var moments: [RehearsalMoment] = []
        var shown: [String: MatchupView] = [:]
        let store = replay.wiring.store
        _ = try await replay.run(sink: StdoutSink(format: .json, output: DiscardedOutput())) { report throws(WiringError) in
            for event in report.events where event.reason != .keepAlive {
                let open: [ActivityState]
                do { open = try store.openLifecycleStates(registrationID: event.registrationID).values.compactMap(\.activity) } catch {
                    throw WiringError(.database, "\(error)")
                }
                // An end closes its lifecycle: it shows what the activity showed last.
                if let view = open.first(where: { $0.id == event.activity })?.lastView { shown[event.activity] = view }
                guard let view = shown[event.activity] else { continue }
                moments.append(RehearsalMoment(at: event.at, view: view))
            }
        }
        return moments
    }
}

/// Output nobody reads (the replay's own timeline, while the rehearsal picks its moments).
struct DiscardedOutput: TextOutput {
    func write(_ line: String) {}
}
