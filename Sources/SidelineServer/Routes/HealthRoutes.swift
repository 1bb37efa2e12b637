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

    /// Ready: the database answers, a pass finished recently (three pass intervals, and
    /// never less than three minutes, which a cron job once a minute also meets), and that
    /// pass did not fail (``PassSummary/failure``: it threw, or not one of its calls was
    /// answered). Idle is ready. `reason` and `problem` say why not (ADR 035).
    func readiness() -> Response {
        let now = environment.now()
        let lastPass: Date?
        let summary: PassSummary?
        do {
            lastPass = try environment.store.lastPassAt()
            summary = try environment.store.lastPass()
        } catch {
            return JSONResponse.make(Readiness(status: "not_ready", database: "unavailable", lastPassAt: nil, reason: "database", problem: Messages.Server.databaseUnavailable),
                                     status: .serviceUnavailable)
        }
        let verdict = PassVerdict.judge(lastPassAt: lastPass, last: summary, now: now, staleAfter: PassVerdict.staleAfter(passInterval: environment.configuration.passInterval))
        return JSONResponse.make(
            Readiness(status: verdict.isReady ? "ready" : "not_ready", database: "ok", lastPassAt: lastPass.map(EventEnvelope.timestamp),
                      reason: verdict.isReady ? nil : verdict.code, problem: verdict.isReady ? nil : verdict.words),
            status: verdict.isReady ? .ok : .serviceUnavailable
        )
    }

    func metrics() throws -> Response {
        let text = try environment.metrics.exposition(store: environment.store, budget: environment.configuration.rateBudget,
                                                       homeAssistantAllowance: environment.configuration.homeAssistant?.dailyPushes, at: environment.now())
        return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
