import Foundation

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
        // A formatter per call: cheap at Sideline's rate, and keeps this free of shared
        // mutable state.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: context.localeIdentifier)
        formatter.timeZone = context.timeZone
        formatter.setLocalizedDateFormatFromTemplate(template)
        return normalizedSpaces(formatter.string(from: date))
    }

    /// ICU 72+ puts a narrow no-break space before "PM"; older ICU a plain space. Plain
    /// spaces make the copy identical whichever ICU the server links.
    private static func normalizedSpaces(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar == "\u{202F}" || scalar == "\u{00A0}" ? " " : scalar
        }))
    }
}
