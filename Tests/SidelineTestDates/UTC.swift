import Foundation

// The tests' one way to write an instant. Its own tiny module (Foundation only) so every
// test target can use it, SidelineCoreTests included, which must not depend on the
// engine-sized SidelineTestSupport.

/// `"2026-11-22T14:00:00Z"` as a date.
public func utc(_ text: String) -> Date {
    guard let date = ISO8601DateFormatter().date(from: text) else { preconditionFailure("not an ISO 8601 instant: \(text)") }
    return date
}

/// A date as `"2026-11-22T14:00:00Z"`.
public func iso(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }
