import Foundation

/// The one reader of `Retry-After` (RFC 9110 §10.2.3), for Sleeper, the scores feed, ESPN
/// and APNs alike: delay-seconds or an HTTP-date, always within `0...cap`.
///
/// Whatever a server sends, the answer is a rest of at most ``cap`` or `nil` ("no value"),
/// never a trap: a header is remote input (ADR 021).
public enum RetryAfter {
    /// The longest rest any server can ask of Sideline (README "Rate limit, failures,
    /// restarts"): a hostile or broken `Retry-After: 1e9` must not silence a host for years.
    public static let cap: TimeInterval = 15 * 60

    /// Seconds to wait, in `0...cap`, or `nil` when absent or unreadable.
    ///
    /// - Parameters:
    ///   - value: the `Retry-After` header as received.
    ///   - date: the response's `Date` header. An HTTP-date is measured from it when it is a
    ///     valid date, so the server's clock skew cancels out.
    ///   - receivedAt: the reference instant when `date` is missing or unreadable; without
    ///     either, an HTTP-date cannot be measured and gives `nil`.
    public static func seconds(_ value: String?, date: String? = nil, receivedAt: Date? = nil) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        // delay-seconds is `1*DIGIT`: no sign, no fraction, no exponent, no `inf` or `nan`
        // (all of which `Double(_:)` would accept). Too many digits for a Double is still
        // "a very long time", so it becomes the cap rather than no value.
        if value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return min(Double(value) ?? cap, cap)
        }
        guard let until = HTTPDate.parse(value), let now = date.flatMap(HTTPDate.parse) ?? receivedAt else { return nil }
        let seconds = until.timeIntervalSince(now)
        guard seconds.isFinite else { return nil }
        return min(max(0, seconds), cap)
    }
}
