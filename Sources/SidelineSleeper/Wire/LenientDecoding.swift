import Foundation

/// Sleeper sends numbers as ints, floats, sometimes strings, and `null` anywhere. These
/// helpers read what is there and return `nil` instead of failing the whole response.
extension KeyedDecodingContainer {
    func lenientDouble(_ key: Key) -> Double? {
        if let value = try? decodeIfPresent(Double.self, forKey: key) { return value }
        if let text = try? decodeIfPresent(String.self, forKey: key) { return Double(text) }
        return nil
    }

    func lenientInt(_ key: Key) -> Int? {
        if let value = try? decodeIfPresent(Int.self, forKey: key) { return value }
        // `Int(exactly:)`, not `Int(_:)`: an integral 1e20 is out of range and trapped.
        if let value = try? decodeIfPresent(Double.self, forKey: key), let exact = Int(exactly: value) { return exact }
        if let text = try? decodeIfPresent(String.self, forKey: key) { return Int(text) }
        return nil
    }

    /// A string, or a number written out (ids have been seen both ways).
    func lenientString(_ key: Key) -> String? {
        if let value = try? decodeIfPresent(String.self, forKey: key) { return value }
        if let value = try? decodeIfPresent(Int.self, forKey: key) { return String(value) }
        return nil
    }

    /// An array of strings; `null` entries are dropped and a non-array reads as `nil`.
    func lenientStrings(_ key: Key) -> [String]? {
        guard let values = try? decodeIfPresent([LenientString].self, forKey: key) else { return nil }
        return values.compactMap(\.value)
    }

    func lenientBool(_ key: Key) -> Bool? {
        if let value = try? decodeIfPresent(Bool.self, forKey: key) { return value }
        if let value = try? decodeIfPresent(Int.self, forKey: key) { return value != 0 }
        return nil
    }
}

extension KeyedDecodingContainer {
    /// A points figure: ``lenientDouble(_:)``, except that a number `Double` cannot hold
    /// (`1e999`, `1e-400`) is NaN instead of missing, so it is not silently replaced by a
    /// fallback and `SnapshotUsability` can refuse the answer.
    func lenientPoints(_ key: Key) -> Double? {
        do {
            return try decodeIfPresent(Double.self, forKey: key)
        } catch is DecodingError {
            // Not a number (a string, a bool…): read as before.
            if let text = try? decodeIfPresent(String.self, forKey: key) { return Double(text) }
            return nil
        } catch {
            // `JSONDecoder` throws its own (internal) `numberIsNotRepresentableInSwift`, not a
            // `DecodingError`, for a number token `Double` cannot hold.
            return .nan
        }
    }
}

/// One array element that may be a number, a numeric string or `null`; a number `Double`
/// cannot hold is NaN (see ``KeyedDecodingContainer/lenientPoints(_:)``).
struct LenientPoints: Decodable {
    let value: Double?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            value = try container.decode(Double.self)
        } catch is DecodingError {
            value = (try? container.decode(String.self)).flatMap { Double($0) }
        } catch {
            value = .nan  // a number token `Double` cannot hold, as above
        }
    }
}

/// One array element that may be a string, a number or `null`.
struct LenientString: Decodable {
    let value: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(String.self) {
            self.value = value
        } else if let value = try? container.decode(Int.self) {
            self.value = String(value)
        } else {
            self.value = nil
        }
    }
}

/// An array element that is skipped when it does not decode, so one odd entry does not
/// cost the whole response.
struct Skippable<Wrapped: Decodable>: Decodable {
    let value: Wrapped?

    init(from decoder: any Decoder) throws {
        value = try? Wrapped(from: decoder)
    }
}

/// Keys for containers read by name at run time.
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}
