import Foundation

/// Parses `Retry-After`, which is either delay-seconds or an HTTP-date (RFC 9110 §10.2.3).
enum RetryAfter {
    /// Seconds to wait, or `nil` when absent or unreadable. An HTTP-date is measured from
    /// `now` (the response's own `Date` header when it has one, so clock skew cancels out);
    /// without a reference instant an HTTP-date cannot be read and gives `nil`.
    static func seconds(_ value: String?, now: Date?) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds >= 0 { return seconds }
        guard let now, let date = HTTPDate.parse(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

/// The IMF-fixdate form of HTTP dates: `Sun, 06 Nov 1994 08:49:37 GMT`.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    static func parse(_ text: String) -> Date? {
        // "Sun, 06 Nov 1994 08:49:37 GMT" → ["06", "Nov", "1994", "08:49:37", "GMT"]
        let parts = text.split(separator: " ").map(String.init)
        guard parts.count == 6, parts[5].uppercased() == "GMT",
              let day = Int(parts[1]), let month = months.firstIndex(of: parts[2].lowercased()),
              let year = Int(parts[3])
        else { return nil }
        let time = parts[4].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3 else { return nil }
        return UTCDate.make(year: year, month: month + 1, day: day, hour: time[0], minute: time[1], second: time[2])
    }
}

/// Builds instants from UTC calendar fields without a formatter (formatters are slow and not Sendable).
enum UTCDate {
    static func make(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Date? {
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
              (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        // Days from civil (Howard Hinnant's algorithm): exact for the proleptic Gregorian calendar.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Parses `2026-09-10T00:20Z`, `2026-09-10T00:20:00Z`, optional fraction and `±hh:mm` offset.
    static func parseISO8601(_ text: String) -> Date? {
        let chars = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= chars.count else { return nil }
            var value = 0
            for c in chars[from..<(from + count)] {
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            return value
        }
        guard chars.count >= 16, chars[4] == UInt8(ascii: "-"), chars[7] == UInt8(ascii: "-"),
              chars[10] == UInt8(ascii: "T"), chars[13] == UInt8(ascii: ":"),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2)
        else { return nil }
        var index = 16
        var second = 0
        if index < chars.count, chars[index] == UInt8(ascii: ":") {
            guard let s = number(index + 1, 2) else { return nil }
            second = s
            index += 3
            if index < chars.count, chars[index] == UInt8(ascii: ".") {
                index += 1
                while index < chars.count, chars[index] >= 48, chars[index] <= 57 { index += 1 }
            }
        }
        var offset = 0
        if index < chars.count {
            switch chars[index] {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                index += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                let sign = chars[index] == UInt8(ascii: "-") ? -1 : 1
                guard let oh = number(index + 1, 2) else { return nil }
                var om = 0
                if index + 3 < chars.count, chars[index + 3] == UInt8(ascii: ":"), let m = number(index + 4, 2) {
                    om = m
                    index += 6
                } else if let m = number(index + 3, 2) {
                    om = m
                    index += 5
                } else {
                    index += 3
                }
                offset = sign * (oh * 3_600 + om * 60)
            default:
                return nil
            }
        }
        guard index == chars.count,
              let local = make(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        return local.addingTimeInterval(TimeInterval(-offset))
    }
}
