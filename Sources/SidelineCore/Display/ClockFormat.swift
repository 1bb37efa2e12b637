import Foundation
import Synchronization

/// Times of day in the registration's time zone and locale: `"4:25 PM"`, `"Mon 8:15 PM"`.
///
/// Never the server's own zone or locale: both come from the ``DisplayContext``.
enum ClockFormat {
    /// `"4:25 PM"` in en_US, `"16:25"` in en_GB.
    static func time(_ date: Date, context: DisplayContext) -> String {
        remembered(TextKey(instant: date, sameDayAs: nil, context: context)) { formattedTime(date, context: context) }
    }

    /// The time alone on the same calendar day as `context.now`, with the weekday before it
    /// otherwise (`"Mon 8:15 PM"`), so Monday night never reads as tonight.
    static func kickoff(_ date: Date, context: DisplayContext) -> String {
        remembered(TextKey(instant: date, sameDayAs: context.now, context: context)) { formattedKickoff(date, context: context) }
    }

    /// ``time(_:context:)`` without the memo (the memo's tests compare the two).
    static func formattedTime(_ date: Date, context: DisplayContext) -> String {
        format(date, template: "jmm", context: context)
    }

    /// ``kickoff(_:context:)`` without the memo.
    static func formattedKickoff(_ date: Date, context: DisplayContext) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.timeZone
        let sameDay = calendar.isDate(date, inSameDayAs: context.now)
        return format(date, template: sameDay ? "jmm" : "EEEjmm", context: context)
    }

    // MARK: Memo

    /// Everything a formatted time depends on. A kickoff pass formats the same few instants
    /// (the pass's own, a handful of kickoffs) for every registration: the text is kept, not
    /// just the formatter. Keyed by the exact instant, so no rounding has to be right.
    struct TextKey: Hashable {
        let instant: Date
        /// `context.now` for a kickoff (today or not decides the weekday); `nil` for a time.
        let sameDayAs: Date?
        let timeZone: String
        let locale: String

        init(instant: Date, sameDayAs: Date?, context: DisplayContext) {
            self.instant = instant
            self.sameDayAs = sameDayAs
            timeZone = context.timeZone.identifier
            locale = context.localeIdentifier
        }
    }

    /// Bounded: a pass adds a few entries per time zone and locale in use; when full it is
    /// emptied rather than aged (the next pass's instants are new anyway).
    static let textCapacity = 1024
    private static let texts = Mutex<[TextKey: String]>([:])

    private static func remembered(_ key: TextKey, _ make: () -> String) -> String {
        if let text = texts.withLock({ $0[key] }) { return text }
        // Formatted outside the lock: two threads may both make it, and get the same text.
        let text = make()
        texts.withLock { cache in
            if cache.count >= textCapacity { cache.removeAll(keepingCapacity: true) }
            cache[key] = text
        }
        return text
    }

    /// How many texts are remembered (tests).
    static var rememberedCount: Int { texts.withLock { $0.count } }

    // MARK: Formatting

    private static func format(_ date: Date, template: String, context: DisplayContext) -> String {
        // Building an ICU formatter costs far more than using one: one formatter per
        // (locale, zone, template), used only under the lock.
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
    static func normalizedSpaces(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar == "\u{202F}" || scalar == "\u{00A0}" ? " " : scalar
        }))
    }
}
