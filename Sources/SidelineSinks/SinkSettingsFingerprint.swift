import Crypto
import Foundation
import SidelineCore

/// A digest of everything a sink's credentials check depends on: the enabled sinks, their
/// addresses and secrets, and the APNs key file's bytes (a key replaced under the same path
/// is a change). `tick` re-checks when it differs from the stored check's (ADR 033). Only
/// the SHA-256 is kept, never a secret.
public enum SinkSettingsFingerprint {
    public static func of(_ configuration: SidelineConfiguration) -> String {
        var parts = ["sinks=" + configuration.sinks.joined(separator: ",")]
        if let url = configuration.webhookURL { parts.append("webhook=\(url.absoluteString)|\(configuration.webhookSecret?.value ?? "")") }
        if let topic = configuration.ntfyTopic {
            parts.append("ntfy=\(configuration.ntfyURL.absoluteString)|\(topic)|\(configuration.ntfyToken?.value ?? "")")
        }
        if let ha = configuration.homeAssistant {
            parts.append("homeassistant=\(ha.baseURL.absoluteString)|\(ha.token.value)|\(ha.caFile ?? "")")
        }
        if let apns = configuration.apns {
            // Unreadable: the sink cannot be built either, and that is reported on its own.
            let key = (try? Data(contentsOf: URL(fileURLWithPath: apns.keyFile))) ?? Data()
            let keyDigest = SHA256.hash(data: key).map { String(format: "%02x", $0) }.joined()
            parts.append("apns=\(apns.keyFile)|\(keyDigest)|\(apns.keyID)|\(apns.teamID)|\(apns.bundleID)|\(apns.baseURL?.absoluteString ?? "")|\(apns.caFile ?? "")")
        }
        return SHA256.hash(data: Data(parts.joined(separator: "\n").utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
