import Foundation
import SidelineAPNs
import SidelineCore
import SidelineDelivery

/// The APNs probe (ADR 033): the key parsed (the sink could not be built otherwise), a
/// provider token is signed, and a Live Activity update to a deliberately invalid device
/// token goes to each APNs host in use. APNs checks the provider token before the device
/// token, so `400 BadDeviceToken` proves the key, key id and team id without reaching any
/// phone; `403 InvalidProviderToken` says one of them is wrong. The bundle id is not proven:
/// APNs judges the topic against the device token, and only a real one can show it.
extension APNsSink: CheckableSink {
    /// No device was ever issued it: hex, the length of a device token, all zeros.
    static let probeDeviceToken = String(repeating: "0", count: 64)

    public func check(_ context: SinkCheckContext) async -> [CheckResult] {
        let configuration = client.configuration
        var results: [CheckResult] = [
            .passed("apns.key_file", Messages.Check.apnsKeyParsed(keyID: configuration.keyID)),
        ]
        // Signing cannot fail with a parsed key; the token is the one pushes will carry
        // (kept in the store, so this probe does not count as a new token with Apple).
        _ = client.tokens.current()
        results.append(.passed("apns.team_id", Messages.Check.apnsTokenSigned(teamID: configuration.teamID)))
        for environment in Self.environments(in: context.devices) {
            let request: APNsRequest
            do {
                request = try APNsRequest(deviceToken: Self.probeDeviceToken, environment: environment, payload: Self.probePayload(at: context.now))
            } catch {
                // The probe token is a constant of valid hex: never reached.
                results.append(.failed("apns", "\(error)"))
                continue
            }
            results.append(Self.probeResult(await client.send(request), environment: environment, configuration: configuration))
        }
        return results
    }

    /// The hosts the registered APNs devices use; production when there are none yet.
    static func environments(in devices: [Device]) -> [APNsEnvironment] {
        let used = Set(devices.filter { $0.kind == .apns }.map(\.environment.rawValue))
        guard !used.isEmpty else { return [.production] }
        return APNsEnvironment.allCases.filter { used.contains($0.rawValue) }
    }

    /// A well-formed Live Activity update, so nothing but the device token is wrong with it.
    static func probePayload(at now: Date) -> Data {
        Data(#"{"aps":{"timestamp":\#(Int(now.timeIntervalSince1970)),"event":"update","content-state":{}}}"#.utf8)
    }

    /// What APNs's answer to the probe says about the credentials.
    static func probeResult(_ outcome: APNsOutcome, environment: APNsEnvironment, configuration: APNsConfiguration) -> CheckResult {
        let host = environment.rawValue
        switch outcome {
        case .tokenRejected(reason: "BadDeviceToken", _):
            return .passed("apns", Messages.Check.apnsProbeAccepted(host, bundleID: configuration.bundleID))
        case .configurationError(403, "InvalidProviderToken"):
            return .failed("apns", Messages.Check.apnsInvalidProviderToken(host, keyID: configuration.keyID, teamID: configuration.teamID))
        case .configurationError(403, "BadEnvironmentKeyInToken"):
            return .failed("apns", Messages.Check.apnsWrongEnvironmentKey(host))
        case .configurationError(403, "ExpiredProviderToken"):
            return .failed("apns", Messages.Check.apnsExpiredToken(host))
        case .configurationError(403, let reason):
            return .failed("apns", Messages.Check.apnsCredentialsRefused(host, status: 403, reason: reason))
        case .configurationError(let status, let reason) where ["TopicDisallowed", "BadTopic", "DeviceTokenNotForTopic", "MissingTopic"].contains(reason):
            return .failed("apns", Messages.Check.apnsTopicRefused(host, reason: "\(status) \(reason)", bundleID: configuration.bundleID))
        case .retryLater(nil, let reason, _):
            return .failed("apns", Messages.Check.apnsUnreachable(host, reason))
        default:
            return .failed("apns", Messages.Check.apnsUnexpected(host, outcome.description))
        }
    }
}
