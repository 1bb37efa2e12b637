import Foundation
import Hummingbird
import SidelineCore
import SidelineEngine
import SidelineDelivery

/// `GET /healthz`, `GET /readyz`, `GET /metrics`: no auth, no user data.
struct HealthRoutes {
    let environment: ServerEnvironment

    func add(to router: Router<APIRequestContext>) {
        router.get("healthz") { _, _ in JSONResponse.make(Health(status: "ok")) }
        router.get("readyz") { _, _ in readiness() }
        router.get("metrics") { _, _ in try metrics() }
    }

    /// Ready: the database answers and a pass finished recently (three pass intervals, and
    /// never less than three minutes, which a cron job once a minute also meets).
    func readiness() -> Response {
        let now = environment.now()
        let lastPass: Date?
        do { lastPass = try environment.store.lastPassAt() } catch {
            return JSONResponse.make(Readiness(status: "not_ready", database: "unavailable", lastPassAt: nil, problem: Messages.Server.databaseUnavailable), status: .serviceUnavailable)
        }
        let limit = max(3 * environment.configuration.passInterval, 180)
        let problem: String? = if let lastPass {
            now.timeIntervalSince(lastPass) > limit ? Messages.Server.passTooOld(Int(now.timeIntervalSince(lastPass))) : nil
        } else {
            Messages.Server.noPassYet
        }
        return JSONResponse.make(
            Readiness(status: problem == nil ? "ready" : "not_ready", database: "ok", lastPassAt: lastPass.map(EventEnvelope.timestamp), problem: problem),
            status: problem == nil ? .ok : .serviceUnavailable
        )
    }

    func metrics() throws -> Response {
        let text = try environment.metrics.exposition(store: environment.store, budget: environment.configuration.rateBudget,
                                                       homeAssistantAllowance: environment.configuration.homeAssistant?.dailyPushes, at: environment.now())
        return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
