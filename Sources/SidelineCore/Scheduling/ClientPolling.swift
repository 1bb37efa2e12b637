import Foundation

/// How soon the app should ask again for its display states (`GET /v1/me/activities`), when
/// it polls instead of (or besides) receiving pushes.
public enum ClientPolling {
    /// Nothing is running: a kickoff is at most a few minutes late on the phone.
    public static let idleInterval: TimeInterval = 5 * 60

    /// While something is live or in grace, the states change at most once per matchups
    /// refresh, so asking more often only costs battery. Milliseconds.
    public static func retryAfterMilliseconds(phases: [DisplayPhase], matchupsInterval: TimeInterval) -> Int {
        let running = phases.contains { $0 == .live || $0 == .grace }
        return Int(((running ? matchupsInterval : idleInterval) * 1000).rounded())
    }
}
