import Foundation
import SidelineCurl
import Synchronization

/// ESPN's event dates: ISO 8601 without seconds (`2026-09-10T00:20Z`), which
/// `ISO8601FormatStyle` and `ISO8601DateFormatter` both reject, and, should ESPN add them,
/// seconds, a fraction and a `±hh:mm` offset. Read with fixed-format `DateFormatter`s (ADR 021).
enum ESPNDate {
    // Most specific last: ESPN sends the first today.
    private static let formatters = Mutex([
        "yyyy-MM-dd'T'HH:mmXXXXX",
        "yyyy-MM-dd'T'HH:mm:ssXXXXX",
        "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX",
    ].map(HTTPDate.fixedFormatter))

    /// The instant, or `nil` for anything else, including a year outside 1970–9999.
    static func parse(_ text: String) -> Date? {
        guard text.utf8.count <= 64 else { return nil }
        let date = formatters.withLock { formatters in
            formatters.lazy.compactMap { $0.date(from: text) }.first
        }
        guard let date, HTTPDate.plausible.contains(date) else { return nil }
        return date
    }
}
