import Foundation
import SidelineCore
import SidelineDelivery
import SidelineHTTP

/// Home Assistant's probe, all reads: the token is accepted (`GET /api/`), and every
/// registered target's notify service exists (`GET /api/services`). Nothing reaches a phone,
/// so the hourly credentials check runs it too.
extension HomeAssistantSink: CheckableSink {
    public func check(_ context: SinkCheckContext) async -> [CheckResult] {
        if let problem = await client.tokenProblem() {
            return [.failed("homeassistant.token", problem.description)]
        }
        var results = [CheckResult.passed("homeassistant.token", Messages.Check.homeAssistantTokenAccepted(HTTPPostError.redacted(client.baseURL)))]
        let services = Set(context.devices.compactMap(\.notifyService)).sorted()
        guard !services.isEmpty else {
            results.append(.passed("homeassistant.targets", Messages.Check.homeAssistantNoTargets))
            return results
        }
        do {
            let listed = try await client.notifyServices()
            results += services.map { service in
                listed.contains(service)
                    ? .passed("homeassistant.targets", Messages.Check.homeAssistantServiceListed(service))
                    : .failed("homeassistant.targets", Messages.Check.homeAssistantServiceMissing(service))
            }
        } catch {
            results.append(.failed("homeassistant.targets", Messages.Check.homeAssistantServicesUnreadable(error.description)))
        }
        return results
    }
}
