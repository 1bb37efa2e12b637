import Foundation

/// Instants for people reading `sideline` output and the status page: in the display time
/// zone, with the zone named (`Sun, Nov 22 at 11:55 PM EST` in en_US; the locale orders the
/// parts), never bare UTC beside cards that show local time. Machine-readable output
/// (`--json`) keeps ISO 8601 in UTC.
public struct LocalTime: Sendable {
    public let zone: TimeZone
    public let locale: Locale

    public init(zone: TimeZone, localeIdentifier: String) {
        self.zone = zone
        locale = Locale(identifier: localeIdentifier)
    }

    public func label(_ date: Date) -> String {
        // The zone's short specific name (EST, GMT), which `TimeZone.abbreviation` gives
        // only as `GMT-5` on Linux.
        let style = Date.FormatStyle(date: .omitted, time: .omitted, locale: locale, timeZone: zone)
            .weekday(.abbreviated).month(.abbreviated).day().hour().minute().timeZone(.specificName(.short))
        return ClockFormat.normalizedSpaces(date.formatted(style))
    }

    /// An ISO 8601 instant as ``label(_:)``; any other text (`now`) as it is.
    public func label(iso text: String) -> String {
        // Not an instant (a word like "now"): shown as it is.
        guard let date = try? Date(text, strategy: .iso8601) else { return text }
        return label(date)
    }

    /// Every ISO 8601 instant written in a sentence as ``label(_:)``. The game-status and
    /// live-points lines reach `status --json` (and the logs) as prose holding UTC instants;
    /// a person reads the same sentence with its instants in their zone.
    public func labelInstants(in text: String) -> String {
        text.replacing(Self.instant) { match in label(iso: String(match.output)) }
    }

    // What `Date.ISO8601FormatStyle` writes, with or without fractional seconds; each match is
    // then read by Foundation (`label(iso:)`), and left as it is if that fails.
    private static var instant: Regex<Substring> { #/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/# }
}

extension SidelineConfiguration {
    /// Instants for people, in the display time zone and locale.
    public var localTime: LocalTime { LocalTime(zone: timeZone, localeIdentifier: localeIdentifier) }
}

extension Registration {
    /// Instants for this registration's user: its own time zone and locale where set.
    public func localTime(default display: LocalTime) -> LocalTime {
        let context = displayContext(at: .distantPast, defaultTimeZone: display.zone, defaultLocale: display.locale.identifier)
        return LocalTime(zone: context.timeZone, localeIdentifier: context.localeIdentifier)
    }
}
