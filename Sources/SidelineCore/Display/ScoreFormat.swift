/// Fantasy points as exact hundredths (the precision Sleeper keeps), so that formatting,
/// comparing and subtracting never meet binary floating-point surprises.
struct Points: Hashable, Comparable, Sendable {
    let hundredths: Int

    init(_ value: Double) {
        // A NaN, infinite or absurdly large score (beyond Int's range in hundredths, e.g.
        // 1e21) from a broken feed shows as zero rather than trapping.
        hundredths = Int(exactly: (value * 100).rounded()) ?? 0
    }

    init(hundredths: Int) { self.hundredths = hundredths }

    static func < (lhs: Points, rhs: Points) -> Bool { lhs.hundredths < rhs.hundredths }
}

/// Locale-independent number formatting for scores: `"87.4"`, never `"87,4"`.
///
/// Built from integers rather than `String(format:)` or `NumberFormatter`, so the output
/// depends on nothing but the value: not the server's locale, not its ICU version.
enum ScoreFormat {
    /// U+2212, the typographic minus: lines up with digits where a hyphen would not.
    static let minus = "\u{2212}"

    /// `decimals` is 1 (the default everywhere) or 2 (only to break a display tie).
    static func string(_ points: Points, decimals: Int = 1) -> String {
        let value = decimals == 2 ? points.hundredths : tenths(points.hundredths)
        let scale = decimals == 2 ? 100 : 10
        let magnitude = abs(value)
        guard decimals == 1 || decimals == 2 else { return interpolated(value: value, magnitude: magnitude, scale: scale, decimals: decimals) }
        // The same text written as bytes: several scores per event, and interpolating the
        // digits, padding and sign cost a few strings each. At most 3 + 19 + 1 + 2 bytes.
        return String(unsafeUninitializedCapacity: 32) { bytes in
            var count = 0
            if value < 0 {
                for byte in minus.utf8 {
                    bytes[count] = byte
                    count += 1
                }
            }
            var whole = magnitude / scale
            let wholeStart = count
            repeat {
                bytes[count] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
                count += 1
            } while whole > 0
            bytes[wholeStart..<count].reverse()
            bytes[count] = UInt8(ascii: ".")
            count += 1
            let fraction = magnitude % scale
            if decimals == 2 {
                bytes[count] = UInt8(ascii: "0") + UInt8(fraction / 10)
                count += 1
            }
            bytes[count] = UInt8(ascii: "0") + UInt8(fraction % 10)
            return count + 1
        }
    }

    /// ``string(_:decimals:)`` as first written, for a `decimals` other than 1 or 2.
    private static func interpolated(value: Int, magnitude: Int, scale: Int, decimals: Int) -> String {
        let fraction = String(magnitude % scale)
        let padded = String(repeating: "0", count: decimals - fraction.count) + fraction
        return (value < 0 ? minus : "") + "\(magnitude / scale).\(padded)"
    }

    /// Rounds hundredths to tenths, halves away from zero (87.45 → 87.5).
    static func tenths(_ hundredths: Int) -> Int {
        let magnitude = (abs(hundredths) + 5) / 10
        return hundredths < 0 ? -magnitude : magnitude
    }
}

/// Two scores formatted together, with the margin between them as the reader sees it.
///
/// The margin is the difference of the *displayed* scores, so `"87.5 – 72.1"` reads
/// `"Up 15.4"`. When one decimal would show a tie that is not one (100.04 vs 100.01), both
/// scores and the margin use two decimals rather than show a winner at `"100.0 – 100.0"`.
struct ScorePair: Sendable {
    let mine: String
    let theirs: String
    /// The margin's magnitude, e.g. `"15.3"`.
    let margin: String
    /// Who is ahead on the exact scores.
    let comparison: Comparison

    enum Comparison: Sendable { case ahead, behind, level }

    init(mine: Points, theirs: Points) {
        let hiddenLead = ScoreFormat.tenths(mine.hundredths) == ScoreFormat.tenths(theirs.hundredths)
            && mine != theirs
        let decimals = hiddenLead ? 2 : 1
        self.mine = ScoreFormat.string(mine, decimals: decimals)
        self.theirs = ScoreFormat.string(theirs, decimals: decimals)
        let difference = hiddenLead
            ? mine.hundredths - theirs.hundredths
            : (ScoreFormat.tenths(mine.hundredths) - ScoreFormat.tenths(theirs.hundredths)) * 10
        margin = ScoreFormat.string(Points(hundredths: abs(difference)), decimals: decimals)
        comparison = mine > theirs ? .ahead : (mine < theirs ? .behind : .level)
    }
}
