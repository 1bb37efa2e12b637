import Foundation
import SidelineCore
import SidelineDelivery
import SidelineEngine
import SidelineFakeSleeper

/// Runs `body` with a fake Sleeper playing ``PersonSundayScript`` (one manager in six
/// leagues) and a real engine against it on a test clock at `start`. New users get the
/// person scope unless `overrides` say otherwise (`activities.new_user_scope`).
public func withPersonSundayHarness<T>(
    at start: String = "2026-11-22T14:20:00Z", overrides: [String: String] = [:], store: StoreUnderTest = .sqlite,
    _ body: (EngineHarness) async throws -> T
) async throws -> T {
    let world = FakeSleeperWorld()
    PersonSundayScript.install(into: world, at: utc(start))
    return try await withFakeSleeper(world) { base, world in
        try await withTemporaryDirectory("person") { directory in
            try await store.withLocation { storeOverrides in
                let flags = ["activities.new_user_scope": "person"].merging(overrides) { $1 }.merging(storeOverrides) { $1 }
                let configuration = try TestWiring.configuration(sleeper: base, directory: directory, overrides: flags)
                return try await body(EngineHarness(world: world, base: base, directory: directory, configuration: configuration, start: utc(start)))
            }
        }
    }
}

extension EngineHarness {
    /// Runs one pass at each of `times`, in order, on `scheduler`: a day compressed to the
    /// minutes that matter.
    @discardableResult
    public func run(_ scheduler: Scheduler, at times: [Date], mode: PassMode = .live, sinks: [any PushSink]) async throws -> [PassReport] {
        var reports: [PassReport] = []
        for time in times {
            setNow(time)
            reports.append(try await scheduler.runPass(at: time, mode: mode, sinks: sinks))
        }
        return reports
    }
}
