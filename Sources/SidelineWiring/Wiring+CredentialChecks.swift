import Foundation
import SidelineCore
import SidelineDelivery
import SidelineEngine
import SidelineHTTP
import SidelineSinks
import SidelineStore

extension Wiring {
    /// Each enabled sink built on its own and probed (`sideline check`): a sink that cannot
    /// be built (an unreadable key, a bad secret) is a failed line, not the end of the check.
    /// The result is stored as the credentials check `status` shows and `tick` reuses.
    public func checkConfiguredSinks(at now: Date) async -> [SinkCredentials] {
        let delivery = HTTPSinkDelivery(poster: sinkTransport, logger: logger)
        var built: [any PushSink] = []
        var failed: [SinkCredentials] = []
        for name in configuration.sinks {
            do {
                guard let sink = try sink(named: name, json: false, delivery: delivery) else {
                    failed.append(SinkCredentials(sink: name, label: name, checkedAt: EventEnvelope.timestamp(now),
                                                  results: [.failed(name, Messages.Check.sinkNotBuilt(name, "sinks.enabled names it, but it is not configured"))]))
                    continue
                }
                built.append(sink)
            } catch {
                failed.append(SinkCredentials(sink: name, label: name, checkedAt: EventEnvelope.timestamp(now), results: [.failed(name, Messages.Check.sinkNotBuilt(name, error.message))]))
            }
        }
        let checked = failed + (await check(built, mayDeliver: true, at: now))
        // What `check` found is also what `status` shows until the next pass's check: after a
        // fixed token and a passing `check`, the old failure does not linger for an hour.
        do {
            try store.saveCredentialChecks(CredentialChecks(fingerprint: SinkSettingsFingerprint.of(configuration), checkedAt: now, sinks: checked))
        } catch {
            logger.warning("the credentials check could not be stored (the next pass checks again): \(error)")
        }
        return checked
    }

    /// Runs each sink's probe. `mayDeliver`: whether probes may send what a person sees.
    public func check(_ sinks: [any PushSink], mayDeliver: Bool, at now: Date) async -> [SinkCredentials] {
        // Unreadable devices: the probes still check the credentials; Home Assistant's
        // targets go unchecked this time, and the pass itself reports the database.
        let devices = (try? store.devices()) ?? []
        let context = SinkCheckContext(now: now, devices: devices, mayDeliver: mayDeliver)
        var checked: [SinkCredentials] = []
        for sink in sinks {
            guard let checkable = sink as? any CheckableSink else {
                if mayDeliver { checked.append(SinkCredentials(sink: sink.name, label: sink.label, checkedAt: EventEnvelope.timestamp(now), results: [.passed(sink.name, Messages.Check.sinkCannotBeChecked(sink.label))])) }
                continue
            }
            let results = await checkable.check(context)
            guard !results.isEmpty else { continue }
            checked.append(SinkCredentials(sink: sink.name, label: sink.label, checkedAt: EventEnvelope.timestamp(now), results: results))
        }
        return checked
    }

    /// The sinks' credentials at start-up (ADR 033): checked when `force` (the daemon's
    /// start), when the sink settings changed since the stored check, or when it is an hour
    /// old; otherwise the stored check stands, so a `tick` a minute does not probe APNs
    /// every minute. A fresh check is stored for `status` and each failure logged at error
    /// level with its fix. Nothing a person sees is sent (no test message).
    @discardableResult
    public func checkCredentials(of sinks: [any PushSink], force: Bool = false) async -> CredentialChecks {
        let now = self.now()
        let fingerprint = SinkSettingsFingerprint.of(configuration)
        // Unreadable: checked afresh, which costs one probe per sink and loses nothing.
        if !force, let stored = (try? store.credentialChecks()) ?? nil, stored.isCurrent(for: fingerprint, at: now) {
            return stored
        }
        let checks = CredentialChecks(fingerprint: fingerprint, checkedAt: now, sinks: await check(sinks, mayDeliver: false, at: now))
        do { try store.saveCredentialChecks(checks) } catch {
            logger.warning("the credentials check could not be stored (the next pass checks again): \(error)")
        }
        for sink in checks.sinks {
            for result in sink.results where !result.ok { logger.error("\(Messages.Check.credentialsFailed(sink.label, result.message))") }
        }
        let holding = checks.sinks.filter(\.ok).map(\.label)
        if !holding.isEmpty { logger.info("\(Messages.Check.credentialsHold(holding))") }
        return checks
    }
}
