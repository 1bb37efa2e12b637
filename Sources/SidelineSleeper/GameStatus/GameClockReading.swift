import Foundation

/// A game's quarter and game clock as a status feed reports them, checked: a value no
/// NFL game can have reads as unknown (`nil`), never as a crash or a nonsense share left.
struct GameClockReading: Sendable, Hashable {
    let quarter: Int?
    let secondsLeft: Double?

    /// The longest period on the clock: a quarter, or a playoff overtime period.
    static let periodSeconds: Double = 15 * 60
    /// Four quarters and overtime periods; beyond a few overtimes a number is garbage.
    static let quarters = 1...10

    /// A clock without a quarter says nothing about how much is left, so it is dropped.
    init(quarter: Int?, secondsLeft: Double?) {
        let quarter = quarter.flatMap { Self.quarters.contains($0) ? $0 : nil }
        self.quarter = quarter
        self.secondsLeft = quarter == nil ? nil : secondsLeft.flatMap(Self.checked)
    }

    static func checked(_ seconds: Double) -> Double? {
        seconds.isFinite && (0...periodSeconds).contains(seconds) ? seconds : nil
    }

    /// Seconds from a displayed clock, `"M:SS"` or `"MM:SS"` (`"12:07"`, `"0:45"`).
    static func seconds(displayed text: String) -> Double? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
              let minutes = Int(parts[0]), let seconds = Int(parts[1]), seconds < 60
        else { return nil }
        return checked(Double(minutes * 60 + seconds))
    }
}

extension KeyedDecodingContainer {
    /// A clock sent as `"MM:SS"` or as a number of seconds (a string or a number). Lenient
    /// (`try?`): a clock of any other shape is an unknown clock, never a refused game.
    func lenientClockSeconds(_ key: Key) -> Double? {
        if let text = try? decodeIfPresent(String.self, forKey: key) {
            return GameClockReading.seconds(displayed: text) ?? Double(text).flatMap(GameClockReading.checked)
        }
        guard let seconds = try? decodeIfPresent(Double.self, forKey: key) else { return nil }
        return GameClockReading.checked(seconds)
    }
}
