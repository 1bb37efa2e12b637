import CoreMetrics
import Foundation
import Metrics
import Prometheus
import SidelineCore
import SidelineEngine
import SidelineStore
import SidelineDelivery

/// Sideline's metrics, through swift-metrics into a Prometheus registry of their own (not
/// the process-wide bootstrap, so two servers in one test process never share counts).
///
/// Counters and the pass timer are fed from each pass's ``PassReport`` by the daemon loop;
/// gauges (running activities, budget in use, deliveries by sink and status) are read from
/// the store when `/metrics` is scraped, so they are right whichever process ran the pass.
public final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    let factory: PrometheusMetricsFactory

    public init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets["sideline_pass_duration_seconds"] = [
            .milliseconds(10), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10), .seconds(30),
        ]
        self.factory = factory
    }

    /// One finished pass: its Sleeper calls, lifecycle events, deliveries and duration.
    public func record(_ report: PassReport, duration: Duration) {
        Counter(label: "sideline_passes_total", factory: factory).increment()
        for call in report.calls {
            Counter(label: "sideline_sleeper_calls_total", dimensions: [("call", Self.kind(of: call))], factory: factory).increment(by: call.cost)
        }
        for event in report.events {
            Counter(label: "sideline_lifecycle_events_total", dimensions: [("event", event.event.rawValue), ("reason", event.reason.rawValue)], factory: factory).increment()
        }
        Counter(label: "sideline_pass_deliveries_total", dimensions: [("outcome", "delivered")], factory: factory).increment(by: report.delivered)
        Counter(label: "sideline_pass_deliveries_total", dimensions: [("outcome", "failed")], factory: factory).increment(by: report.deliveryFailures)
        Counter(label: "sideline_pass_problems_total", factory: factory).increment(by: report.problems.count)
        CoreMetrics.Timer(label: "sideline_pass_duration_seconds", factory: factory).recordNanoseconds(Self.nanoseconds(duration))
    }

    /// An API request answered with `status` (counts 401s and 429s among others).
    func recordRequest(status: Int) {
        Counter(label: "sideline_api_requests_total", dimensions: [("status", String(status))], factory: factory).increment()
    }

    /// The Prometheus text, gauges refreshed from the store first.
    func exposition(store: any DeviceStore & StatusReadStore, budget: RateBudget, homeAssistantAllowance: Int? = nil, at now: Date) throws(StoreError) -> String {
        let running = try store.runningActivities(at: now)
        var phases = ["live": 0, "grace": 0]
        for activity in running {
            if let envelope = try? EventEnvelope.decode(activity.payload) { phases[envelope.phase.rawValue, default: 0] += 1 }
        }
        for (phase, count) in phases {
            Gauge(label: "sideline_activities", dimensions: [("phase", phase)], factory: factory).record(count)
        }
        let calls = try store.callTimes(since: now.addingTimeInterval(-RateBudget.window))
        Gauge(label: "sideline_sleeper_budget_used", factory: factory).record(budget.used(calls, now: now))
        Gauge(label: "sideline_sleeper_budget_limit", factory: factory).record(budget.limit)
        for count in try store.deliveryCounts() {
            Gauge(label: "sideline_pushes", dimensions: [("sink", count.sink), ("status", count.status)], factory: factory).record(count.count)
        }
        // Home Assistant: each notify service's pushes today (UTC day) against the allowance.
        if let limit = homeAssistantAllowance {
            let services = Set(try store.devices().compactMap(\.notifyService))
            for service in services {
                let use = try store.allowanceUse(target: service, at: now)
                Gauge(label: "sideline_homeassistant_pushes_today", dimensions: [("service", service)], factory: factory).record(use.used)
                Gauge(label: "sideline_homeassistant_allowance", dimensions: [("service", service)], factory: factory).record(limit)
            }
        }
        return registry.emitToString()
    }

    static func kind(of call: PlannedCall) -> String {
        switch call {
        case .nflState: "state"
        case .schedule: "game_statuses"
        case .players: "players"
        case .matchups: "matchups"
        case .leagueRenewal: "league_renewal"
        case .statLines(let kind, _): kind.rawValue
        case .leagueSettings: "league_settings"
        }
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
