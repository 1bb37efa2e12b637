import Foundation
import SidelineCore

/// Reads a `GET /league/{id}/matchups/{week}` body into entries: what
/// ``HTTPSleeperClient/matchups(leagueID:week:)`` does after the download, public so a
/// stored body can be decoded again (and for the benchmark).
public enum MatchupsBody {
    /// - Throws: a `DecodingError` when the body is not JSON or not an array, as `JSONDecoder` would.
    public static func decode(_ data: Data) throws -> [MatchupEntry] { try MatchupsDecoder.decode(data) }
}

/// The matchups body without `JSONDecoder`, which spent most of its 0.6–0.9 ms per body in its
/// generic containers and in the lenient helpers' throw-and-retry. The results are those of
/// decoding `[Skippable<WireMatchup>]` (kept, and compared against in the tests), element for
/// element and error for error:
/// - an element that is not an object, has a key that does not decode, or has no usable
///   `roster_id` is skipped;
/// - each field is read by the rules of `LenientDecoding.swift`, from the first occurrence
///   of its key (`JSONDecoder` keeps the first of duplicate keys);
/// - a body that is not JSON, or whose top level is not an array, throws the same
///   `DecodingError` `JSONDecoder` throws, so ``Swift/Error/reason`` reads the same.
enum MatchupsDecoder {
    static func decode(_ data: Data) throws(DecodingError) -> [MatchupEntry] {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: data)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
        }
        let root = JSONDocument.root
        switch document.nodes[root].kind {
        case .array:
            break
        case .null:
            throw DecodingError.valueNotFound([Any].self, .init(codingPath: [], debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
        case let other:
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: [], debugDescription: "Expected to decode \([Any].self) but found \(other.decoderDescription) instead."))
        }
        return document.withView { view in
            var entries: [MatchupEntry] = []
            entries.reserveCapacity(view.count(root))
            var element = root + 1
            for _ in 0..<view.count(root) {
                if let entry = entry(view, element) { entries.append(entry) }
                element = view.next(element)
            }
            return entries
        }
    }

    /// The keys read; ``Fields/record(_:_:)`` takes the same order.
    private static let names: [StaticString] = [
        "roster_id", "matchup_id", "points", "custom_points", "starters", "starters_points", "players", "players_points",
    ]

    /// Each field's value node, from the first occurrence of its key.
    private struct Fields {
        var rosterID, matchupID, points, customPoints, starters, startersPoints, players, playersPoints: Int?

        mutating func record(_ name: Int, _ node: Int) {
            switch name {
            case 0: rosterID = rosterID ?? node
            case 1: matchupID = matchupID ?? node
            case 2: points = points ?? node
            case 3: customPoints = customPoints ?? node
            case 4: starters = starters ?? node
            case 5: startersPoints = startersPoints ?? node
            case 6: players = players ?? node
            default: playersPoints = playersPoints ?? node
            }
        }
    }

    /// One element as `WireMatchup` reads it; `nil` where `Skippable` would skip it.
    private static func entry(_ view: JSONView, _ node: Int) -> MatchupEntry? {
        guard view.kind(node) == .object else { return nil }
        var fields = Fields()
        var key = node + 1
        for _ in 0..<view.count(node) {
            let value = key + 1
            switch view.key(key, among: names) {
            case .undecodable: return nil
            case .name(let name): fields.record(name, value)
            case .other: break
            }
            key = view.next(value)
        }

        guard let rosterID = fields.rosterID.flatMap(view.lenientInt) else { return nil }
        let startersPoints = fields.startersPoints.flatMap(view.lenientPointsList)
        // The commissioner's override replaces the computed score; older responses lack
        // `points`, and the starters' sum is then the best estimate.
        let points = fields.customPoints.flatMap(view.lenientPoints)
            ?? fields.points.flatMap(view.lenientPoints)
            ?? startersPoints?.reduce(0, +)
            ?? 0
        return MatchupEntry(
            rosterID: rosterID,
            matchupID: fields.matchupID.flatMap(view.lenientInt),
            points: points,
            // Starters keep their slot order; a `null` slot is an empty slot like `"0"`.
            starters: fields.starters.flatMap { view.lenientStrings($0, keepingEmptySlots: true) } ?? [],
            startersPoints: startersPoints,
            players: fields.players.flatMap { view.lenientStrings($0, keepingEmptySlots: false) } ?? [],
            playersPoints: fields.playersPoints.flatMap(view.lenientPointsByPlayer)
        )
    }
}

// The helpers of LenientDecoding.swift, one node at a time: each answers what the Codable
// helper answers for the same value, including where JSONDecoder's decode would throw.
extension JSONView {
    /// `lenientInt`: an integer (or an integral number), or a string `Int(_:)` reads.
    func lenientInt(_ node: Int) -> Int? {
        switch kind(node) {
        case .number: int(node) ?? double(node).flatMap { Int(exactly: $0) }
        case .string: string(node).flatMap { Int($0) }
        default: nil
        }
    }

    /// `lenientDouble`: a number, or a string `Double(_:)` reads.
    func lenientDouble(_ node: Int) -> Double? {
        switch kind(node) {
        case .number: double(node)
        case .string: string(node).flatMap { Double($0) }
        default: nil
        }
    }

    /// `lenientPoints` and `LenientPoints`: ``lenientDouble(_:)``, except that a number
    /// `Double` cannot hold (`1e999`, `1e-400`) is NaN instead of missing, so the figure
    /// is not silently replaced by a fallback and ``SnapshotUsability`` can refuse it.
    func lenientPoints(_ node: Int) -> Double? {
        if let value = lenientDouble(node) { return value }
        return kind(node) == .number ? .nan : nil
    }

    /// `lenientString` and `LenientString`: a string, or an integer written out.
    func lenientString(_ node: Int) -> String? {
        switch kind(node) {
        case .string: string(node)
        case .number: int(node).map { String($0) }
        default: nil
        }
    }

    /// An array of `LenientString`: unreadable entries become empty slots (`starters`) or
    /// are dropped (`lenientStrings`). `nil` for anything but an array.
    func lenientStrings(_ node: Int, keepingEmptySlots: Bool) -> [String]? {
        guard kind(node) == .array else { return nil }
        var result: [String] = []
        result.reserveCapacity(count(node))
        var element = node + 1
        for _ in 0..<count(node) {
            if let text = lenientString(element) {
                result.append(text)
            } else if keepingEmptySlots {
                result.append(MatchupEntry.emptySlot)
            }
            element = next(element)
        }
        return result
    }

    /// An array of `LenientPoints`, unreadable entries as 0 (a number `Double` cannot hold
    /// as NaN). `nil` for anything but an array.
    func lenientPointsList(_ node: Int) -> [Double]? {
        guard kind(node) == .array else { return nil }
        var result: [Double] = []
        result.reserveCapacity(count(node))
        var element = node + 1
        for _ in 0..<count(node) {
            result.append(lenientPoints(element) ?? 0)
            element = next(element)
        }
        return result
    }

    /// `[String: LenientPoints]` without the unreadable values (a number `Double` cannot
    /// hold is kept, as NaN). `nil` for anything but an
    /// object, or when a key does not decode. Of duplicate keys (equal as `String`s) the
    /// first counts, even when its value is the unreadable one, as in `JSONDecoder`.
    func lenientPointsByPlayer(_ node: Int) -> [String: Double]? {
        guard kind(node) == .object else { return nil }
        var result = [String: Double](minimumCapacity: count(node))
        var unreadable: Set<String> = []
        var key = node + 1
        for _ in 0..<count(node) {
            guard let name = string(key) else { return nil }
            let value = key + 1
            if let points = lenientPoints(value) {
                if unreadable.isEmpty || !unreadable.contains(name),
                   let earlier = result.updateValue(points, forKey: name) {
                    result[name] = earlier  // a duplicate: the first stays
                }
            } else if result[name] == nil {
                unreadable.insert(name)
            }
            key = next(value)
        }
        return result
    }
}

extension JSONNode.Kind {
    /// How `JSONDecoder` names the kind in a type-mismatch message.
    var decoderDescription: String {
        switch self {
        case .null: "null"
        case .true, .false: "bool"
        case .number: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }
}
