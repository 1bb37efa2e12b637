import Foundation

/// Instants for people reading `sideline` output and the status page: in the display time
/// zone, with the zone named (`Sun Nov 22, 11:55 PM EST`), never bare UTC beside cards that
/// show local time. Machine-readable output (`--json`) keeps ISO 8601 in UTC.
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
        return date.formatted(style)
    }

    /// An ISO 8601 instant as ``label(_:)``; any other text (`now`) as it is.
    public func label(iso text: String) -> String {
        // Not an instant (a word like "now"): shown as it is.
        guard let date = try? Date(text, strategy: .iso8601) else { return text }
        return label(date)
    }
}
