import Foundation
import Synchronization

/// HTTP dates (RFC 9110 §5.6.7): the IMF-fixdate every sender should use
/// (`Sun, 06 Nov 1994 08:49:37 GMT`) and the two obsolete forms a recipient must still read
/// (`Sunday, 06-Nov-94 08:49:37 GMT`, `Sun Nov  6 08:49:37 1994`), with Foundation's
/// `DateFormatter` (ADR 021): this toolchain's Foundation has no `Date.HTTPFormatStyle`.
public enum HTTPDate {
    /// Years 1970–9999: any date a server sends outside them is no date. It keeps every
    /// instant Sideline reads from the network small enough for plain arithmetic.
    public static let plausible: Range<Date> = Date(timeIntervalSince1970: 0)..<Date(timeIntervalSince1970: 253_402_300_800)

    // A formatter is not `Sendable`; one shared behind a lock costs ~60 µs a parse, a new
    // one each time twice that (ADR 021). Dates are read only from refusals, so either is cheap.
    private static let formatters = Mutex((
        imf: fixedFormatter("EEE, dd MMM yyyy HH:mm:ss 'GMT'"),
        rfc850: fixedFormatter("EEEE, dd-MMM-yy HH:mm:ss 'GMT'"),
        asctime: fixedFormatter("EEE MMM d HH:mm:ss yyyy")
    ))

    /// The instant, or `nil` for anything that is not an HTTP-date within ``plausible``.
    public static func parse(_ text: String) -> Date? {
        // Longer than any valid date: refuse before a formatter sees it.
        guard text.utf8.count <= 64 else { return nil }
        // One form per text, chosen by where its comma is: ICU reads separators loosely, so
        // trying every form would let the RFC 850 one read "06 Nov -1994" as 1994.
        let comma = text.utf8.firstIndex(of: UInt8(ascii: ",")).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) }
        let date = formatters.withLock { formatters in
            switch comma {
            case 3?: formatters.imf.date(from: text)
            case _?: formatters.rfc850.date(from: text)
            case nil: formatters.asctime.date(from: text)
            }
        }
        guard let date, plausible.contains(date) else { return nil }
        return date
    }

    /// A formatter for one fixed textual format: POSIX locale, GMT, Gregorian, not lenient.
    public static func fixedFormatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = .gmt
        formatter.isLenient = false
        formatter.dateFormat = format
        return formatter
    }
}
