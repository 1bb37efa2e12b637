import Crypto
import Foundation
import SidelineAPNs
import SidelineCore
import SidelineDelivery

/// What the APNs sink keeps across passes and processes: the credentials APNs refused
/// outright, so every later pass holds its pushes (pending, no attempt counted) until the
/// configuration changes, instead of failing each start it would send with them.
public protocol APNsNotes: Sendable {
    /// The refused credentials' digest and APNs' words for it, if APNs refused any.
    func refusedCredentials() -> (digest: String, reason: String)?
    func setRefusedCredentials(_ refused: (digest: String, reason: String)?)
}

extension APNsSink {
    /// APNs' answers that condemn the credentials themselves, for every device and host
    /// alike: the provider token (key, key id, team id) or the topic (bundle id). Another
    /// push with the same settings is answered the same, so none is sent until they change.
    /// (`BadEnvironmentKeyInToken` is left out: it concerns one host, and devices on the
    /// other may still receive.)
    static let credentialRefusals: Set<String> = ["InvalidProviderToken", "TopicDisallowed", "BadTopic"]

    /// Held while the configured credentials are the ones APNs refused; a changed key, key
    /// id, team id or bundle id is tried again.
    public func beforeRun(store: any DeliveryStore, at now: Date) async -> String? {
        guard let notes, let refused = notes.refusedCredentials() else { return nil }
        if refused.digest == credentialsDigest { return Messages.Pushes.apnsCredentialsHeld(refused.reason) }
        notes.setRefusedCredentials(nil)  // the settings changed: try them
        return nil
    }

    /// The answer to a push, with a credentials refusal held (and remembered) when this sink
    /// keeps notes; without notes (a sample push of `devices test`), refused as it was answered.
    func held(_ answer: DeliveryAnswer, outcome: APNsOutcome) -> DeliveryAnswer {
        guard let notes, case .configurationError(let status, let reason) = outcome, Self.credentialRefusals.contains(reason) else { return answer }
        let words = "\(status) \(reason)"
        if notes.refusedCredentials()?.digest != credentialsDigest {
            notes.setRefusedCredentials((digest: credentialsDigest, reason: words))
            logger?.error("\(Messages.Pushes.apnsCredentialsHeld(words))")
        }
        return .held(reason: words)
    }

    /// SHA-256 of what APNs judges: key id, team id, bundle id and the key itself (its public
    /// half), hex. Tells a changed setting from the refused one without keeping a secret.
    static func digest(of configuration: APNsConfiguration) -> String {
        let text = [configuration.keyID, configuration.teamID, configuration.bundleID, configuration.signingKey.publicKeyPEM].joined(separator: "\n")
        return SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
