import Foundation

/// Slows down guessing: after `limit` failed logins from one address within `window`, that
/// address is refused (429) until `window` has passed since its oldest counted failure.
/// A value: each event is a mutating call with the instant passed in, so it is tested
/// without a clock or I/O.
public struct AuthThrottle: Sendable {
    public let limit: Int
    public let window: TimeInterval
    /// The most addresses remembered; the stalest are forgotten first.
    public let capacity: Int
    private var failures: [String: [Date]] = [:]

    public init(limit: Int = 10, window: TimeInterval = 60, capacity: Int = 10_000) {
        self.limit = limit
        self.window = window
        self.capacity = capacity
    }

    public enum Decision: Sendable, Equatable {
        case allow
        /// Refuse; the address may try again after this many seconds.
        case refuse(retryAfter: Int)
    }

    /// May `address` try to log in at `now`?
    public mutating func check(_ address: String, at now: Date) -> Decision {
        let recent = prune(address, at: now)
        guard recent.count >= limit, let oldest = recent.first else { return .allow }
        return .refuse(retryAfter: max(1, Int((oldest.addingTimeInterval(window).timeIntervalSince(now)).rounded(.up))))
    }

    /// A failed login from `address` at `now`.
    public mutating func recordFailure(_ address: String, at now: Date) {
        var recent = prune(address, at: now)
        recent.append(now)
        failures[address] = Array(recent.suffix(limit))
        if failures.count > capacity {
            let stalest = failures.min { ($0.value.last ?? .distantPast) < ($1.value.last ?? .distantPast) }
            if let stalest { failures[stalest.key] = nil }
        }
    }

    /// A successful login does not erase failures: a guesser who also owns one valid
    /// secret must not reset their own count.
    private mutating func prune(_ address: String, at now: Date) -> [Date] {
        let recent = (failures[address] ?? []).filter { now.timeIntervalSince($0) < window }
        failures[address] = recent.isEmpty ? nil : recent
        return recent
    }
}
