import Foundation
import Synchronization

/// Times of day in the registration's time zone and locale: `"4:25 PM"`, `"Mon 8:15 PM"`.
///
/// Never the server's own zone or locale: both come from the ``DisplayContext``.
enum ClockFormat {
    /// `"4:25 PM"` in en_US, `"16:25"` in en_GB.
    static func time(_ date: Date, context: DisplayContext) -> String {
        format(date, template: "jmm", context: context)
    }

    /// The time alone on the same calendar day as `context.now`, with the weekday before it
    /// otherwise (`"Mon 8:15 PM"`), so Monday night never reads as tonight.
    static func kickoff(_ date: Date, context: DisplayContext) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.timeZone
        let sameDay = calendar.isDate(date, inSameDayAs: context.now)
        return format(date, template: sameDay ? "jmm" : "EEEjmm", context: context)
    }

    private static func format(_ date: Date, template: String, context: DisplayContext) -> String {
        // Building an ICU formatter costs far more than using one, and a kickoff pass formats
        // tens of thousands of times: one formatter per (locale, zone, template), used only
        // under the lock.
        let key = FormatterKey(locale: context.localeIdentifier, timeZone: context.timeZone.identifier, template: template)
        let text = formatters.withLock { cache -> String in
            if let formatter = cache[key] { return formatter.string(from: date) }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: context.localeIdentifier)
            formatter.timeZone = context.timeZone
            formatter.setLocalizedDateFormatFromTemplate(template)
            if cache.count > 256 { cache.removeAll() }
            cache[key] = formatter
            return formatter.string(from: date)
        }
        return normalizedSpaces(text)
    }

    private struct FormatterKey: Hashable {
        let locale: String
        let timeZone: String
        let template: String
    }

    private static let formatters = Mutex<[FormatterKey: DateFormatter]>([:])

    /// ICU 72+ puts a narrow no-break space before "PM"; older ICU a plain space. Plain
    /// spaces make the copy identical whichever ICU the server links.
    private static func normalizedSpaces(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar == "\u{202F}" || scalar == "\u{00A0}" ? " " : scalar
        }))
    }
}
