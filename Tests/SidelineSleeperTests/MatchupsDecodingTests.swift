import Foundation
import SidelineCore
import SidelineFakeSleeper
import Testing
@testable import SidelineSleeper

/// The fast matchups decoder against the Codable one it replaced: same entries, same
/// skipped elements, same errors, on real, synthetic, hand-written and mutated bodies.
@Suite("Matchups decoding: the fast path equals the Codable path")
struct MatchupsDecodingTests {
    @Test("the matchups fixtures decode the same both ways", arguments: Self.fixtureNames)
    func fixtures(name: String) throws {
        let body = try Fixture.data(name)
        let outcome = try #require(Decoded.both(body))
        #expect(outcome.entryCount > 0)
    }

    @Test("the reference body in ../shared decodes the same both ways",
          .enabled(if: FileManager.default.fileExists(atPath: Self.referencePath.path)))
    func reference() throws {
        let body = try Data(contentsOf: Self.referencePath)
        let outcome = try #require(Decoded.both(body))
        #expect(outcome.entryCount == 6)
    }

    @Test("synthetic leagues' bodies decode the same both ways, through the game day")
    func synthetic() throws {
        let leagues = SyntheticLeagues(count: 8)
        let kickoff = try #require(SyntheticSunday.games.first).kickoff
        for hours in [-2.0, 0.5, 2, 5, 30, 60] {
            for index in 0..<leagues.count {
                let body = leagues.matchupsJSON(index, at: kickoff.addingTimeInterval(hours * 3_600))
                let outcome = try #require(Decoded.both(body))
                #expect(outcome.entryCount == SyntheticLeagues.rostersPerLeague)
            }
        }
    }

    @Test("hand-written edge cases decode the same both ways", arguments: Self.edgeBodies)
    func edgeCase(body: String) {
        _ = Decoded.both(Data(body.utf8))
    }

    @Test("numbers as strings, strings as numbers, odd entries in the arrays")
    func lenientValues() throws {
        let body = #"[{"roster_id":"7","matchup_id":"2","points":"101.5","starters":[1234,"55",null,true,{},2.0],"starters_points":["1.5",2,null,"x",[],1e2],"players":[1,null,"a",2.0,2.5,"-3"],"players_points":{"a":"3","b":null,"c":"x","d":4}}]"#
        let entry = try #require(try MatchupsDecoder.decode(Data(body.utf8)).first)
        #expect(entry.rosterID == 7)
        #expect(entry.matchupID == 2)
        #expect(entry.points == 101.5)
        #expect(entry.starters == ["1234", "55", "0", "0", "0", "2"])
        #expect(entry.startersPoints == [1.5, 2, 0, 0, 0, 100])
        #expect(entry.players == ["1", "a", "2", "-3"])
        #expect(entry.playersPoints == ["a": 3, "d": 4])
        _ = Decoded.both(Data(body.utf8))
    }

    @Test("duplicate keys: the first occurrence counts, even when it is unreadable")
    func duplicateKeys() throws {
        let body = #"[{"roster_id":1,"roster_id":2,"points":"x","points":5,"players_points":{"a":1,"a":2,"b":null,"b":3,"\u00e9":4,"e\u0301":5}}]"#
        let entry = try #require(try MatchupsDecoder.decode(Data(body.utf8)).first)
        #expect(entry.rosterID == 1)
        #expect(entry.points == 0)
        // "é" precomposed and decomposed are one String key; the first one's value stays.
        #expect(entry.playersPoints == ["a": 1, "\u{e9}": 4])
        _ = Decoded.both(Data(body.utf8))
    }

    @Test("escapes and surrogates: pairs decode, lone surrogates make the value unreadable")
    func escapes() throws {
        let body = #"[{"roster\u005fid":1,"starters":["\u00e9","\ud83c\udfc8","a\"b\\c\/d\b\f\n\r\t","\u0000","\ud800","\udc00x","\x"],"players":["\ud800","ok"]}]"#
        let entry = try #require(try MatchupsDecoder.decode(Data(body.utf8)).first)
        #expect(entry.rosterID == 1)
        #expect(entry.starters == ["é", "🏈", "a\"b\\c/d\u{8}\u{c}\n\r\t", "\u{0}", "0", "0", "0"])
        #expect(entry.players == ["ok"])
        _ = Decoded.both(Data(body.utf8))
    }

    @Test("ids beyond Int or written as fractions: exact integers read, the rest skip the element")
    func bigIDs() throws {
        let ids = ["9223372036854775807", "-9223372036854775808", "9223372036854775808", "1e20", "-1e300",
                   "4.0", "4.5", "1e2", "-0", "1e-400", "9007199254740993", "9007199254740993.0", "9007199254740993.5",
                   "-9223372036854775809", "123456789012345678901234567890", "\"12\"", "\"+12\"", "\"1e2\"", "\" 12\""]
        let body = "[" + ids.map { #"{"roster_id":\#($0)}"# }.joined(separator: ",") + "]"
        let decoded = try MatchupsDecoder.decode(Data(body.utf8)).map(\.rosterID)
        #expect(decoded == [Int.max, Int.min, 4, 100, 0, 0, 9_007_199_254_740_993, 9_007_199_254_740_993,
                            9_007_199_254_740_993, Int.min, 12, 12])
        _ = Decoded.both(Data(body.utf8))
    }

    @Test("garbage throws the same SleeperError as before", arguments: ["<html>oops</html>", "{\"roster_id\":1}", "42", "", "[", "[1,,2]", "[]x", "true", "\"[]\""])
    func garbage(body: String) async throws {
        let client = cannedClient("/v1/league/1/matchups/3", body)
        let expected: SleeperError
        do {
            _ = try JSONDecoder().decode([Skippable<WireMatchup>].self, from: Data(body.utf8))
            Issue.record("the Codable path accepted \(body)")
            return
        } catch {
            expected = .malformed(url: client.url("/v1/league/1/matchups/3").absoluteString, reason: error.reason)
        }
        await #expect(throws: expected) { try await client.matchups(leagueID: "1", week: 3) }
    }

    @Test("byte-order marks and UTF-16/32 bodies are read as JSONDecoder reads them")
    func encodings() throws {
        let text = #"[{"roster_id":1,"starters":["é"],"points":2.5}]"#
        let bodies: [Data] = [
            Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)),
            text.data(using: .utf16LittleEndian)!,
            text.data(using: .utf16BigEndian)!,
            Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!,
            text.data(using: .utf32LittleEndian)!,
            Data([0xFE, 0xFF, 0x00]),
            Data([0x31, 0x00]),
        ]
        for body in bodies { _ = Decoded.both(body) }
        #expect(try MatchupsDecoder.decode(bodies[1]).first?.starters == ["é"])
    }

    @Test("deep nesting fails cleanly, at JSONDecoder's limit of 512")
    func deepNesting() {
        for depth in [511, 512, 513, 100_000] {
            _ = Decoded.both(Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8))
            _ = Decoded.both(Data(("[" + String(repeating: #"{"a":"#, count: depth - 1) + "1" + String(repeating: "}", count: depth - 1) + "]").utf8))
        }
        // Unclosed: the reader must stop at the limit, not recurse through the whole body.
        _ = Decoded.both(Data(String(repeating: "[", count: 1_000_000).utf8))
        #expect(Decoded.fast(Data(String(repeating: "[", count: 1_000_000).utf8)) == .failure("The given data was not valid JSON."))
    }

    /// Seeded random edits of real and edge-case bodies: both paths must agree on whether a
    /// body decodes, on its entries, and on the error.
    @Test("mutated bodies: both paths agree on every one (seeded fuzz)")
    func mutationFuzz() throws {
        let seeds: [(name: String, body: [UInt8], cases: Int)] = [
            ("fixture", Array(try Fixture.data("league_matchups_week2.json")), 1_200),
            ("synthetic", Array(SyntheticLeagues(count: 1).matchupsJSON(0, at: SyntheticSunday.games[0].kickoff.addingTimeInterval(3_600))), 600),
            ("edges", Array(Self.fuzzSeed.utf8), 2_500),
        ]
        var generator = SplitMix64(seed: 0x5EED_1E55)
        var mismatches: [String] = []
        var decoded = 0, failed = 0
        for seed in seeds {
            for _ in 0..<seed.cases {
                let mutated = Data(Mutator.mutate(seed.body, using: &generator))
                let fast = Decoded.fast(mutated), codable = Decoded.codable(mutated)
                if case .failure = codable { failed += 1 } else { decoded += 1 }
                if fast != codable, mismatches.count < 5 {
                    mismatches.append("\(seed.name): \(String(decoding: mutated, as: UTF8.self).debugDescription)\n  fast: \(fast)\n  codable: \(codable)")
                }
            }
        }
        print("matchups fuzz: \(decoded) bodies decoded, \(failed) refused, \(mismatches.count) mismatches")
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        // Both kinds of outcome must be well represented, or the fuzz proves little.
        #expect(decoded > 500 && failed > 500)
    }
}

extension MatchupsDecodingTests {
    static let fixtureNames: [String] = {
        let directory = Bundle.module.url(forResource: "Fixtures", withExtension: nil)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory?.path ?? "")) ?? []
        return names.filter { $0.contains("matchups") && $0.hasSuffix(".json") }.sorted()
    }()

    /// The reference body kept beside the repository (../shared in the checkout's parent).
    static let referencePath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/reference/sleeper/league_matchups_week2.json").standardizedFileURL

    static let edgeBodies: [String] = [
        // Top levels
        "[]", " [ ] ", "\t\r\n[\n]\n", "{}", "null", "\"x\"", "1", "-1.5e3", "true", "false", "", " ", "[", "]", "[]]", "[]x",
        "[] []", "[1,]", "[,1]", "[1,,]", "[1 2]", "nul", "[nul]", "[True]", "[\"abc]", "[\"a\\\"]", "[\"\\u12\"]", "[\"\\u12",
        // Elements that are not matchups, or lack a usable roster_id
        #"[1,"x",null,true,[],{},{"roster_id":null},{"roster_id":true},{"roster_id":[]},{"roster_id":"x"},{"roster_id":2}]"#,
        #"[{"roster_id":1,},]"#,
        #"[{"roster_id":1,"metadata":"\u0001 \q","other":01,"x":1.2.3,"y":"\ud800","z":-}]"#,
        #"[{"roster_id":01},{"roster_id":1.},{"roster_id":-},{"roster_id":1e},{"roster_id":.5},{"roster_id":1,"points":01}]"#,
        #"[{"roster_id":1,"bad\x":1},{"roster_id":2,"\ud800":1},{"roster_id":3,"\u00e9":1},{"roster_id":4,"é":1}]"#,
        "[{\"roster_id\":1,\"ctl\u{1}\":1},{\"roster_id\":2,\"starters\":[\"a\u{1}\",\"b\u{7f}\"]}]",
        // Nulls everywhere, missing keys, custom points
        #"[{"roster_id":1,"matchup_id":null,"points":null,"custom_points":null,"starters":null,"starters_points":null,"players":null,"players_points":null}]"#,
        #"[{"roster_id":1,"custom_points":"99.5","points":3},{"roster_id":2,"custom_points":"x","points":"4"},{"roster_id":3,"custom_points":true,"starters_points":[1,2]}]"#,
        #"[{"roster_id":1,"starters":"a","starters_points":{"a":1},"players":{"a":1},"players_points":["a"]}]"#,
        // Numbers
        #"[{"roster_id":1,"starters_points":[-1.5e2,1E+2,1e-2,0.1e1,1e400,1e-400,-0.0,-0,0e999,2e-324,3e-324,1.7976931348623157e308,1.7976931348623159e308,0.1,123456789012345678901234567890.5,4.9406564584124654e-324]}]"#,
        #"[{"roster_id":1,"points":1e400,"starters_points":[1,2]},{"roster_id":2,"points":1e-400},{"roster_id":3,"points":-0.0}]"#,
        #"[{"roster_id":1,"starters_points":["inf","nan","-inf","0x1p3","  1","1_000","+1.5","1e5"," "]}]"#,
        #"[{"roster_id":1,"players":[9223372036854775808,1e2,1.5,-0,"\u0031"],"starters":[1e-400,12345678901234567890]}]"#,
        // Strings
        #"[{"roster_id":1,"players":["é","e\u0301","\ud83c\udfc8","\uD83C\uDFC8","\ud83c","\ud83cx","\ud83c\u0041","\u00G0","\/"]}]"#,
        "[{\"roster_id\":1,\"players\":[\"\u{e9}\",\"\\u00e9\"],\"players_points\":{\"\u{e9}\":1,\"\\u00e9\":2}}]",
    ]

    /// A small body touching every field and most oddities, for the fuzz to mutate.
    static let fuzzSeed = #"""
    [{"roster_id":1,"matchup_id":2,"points":10.5,"custom_points":null,"starters":["a","0",null,7],
      "starters_points":[1.5,"2",null,-0.25e1],"players":["a","\u00e9",null,8],"players_points":{"a":1.5,"b":"2","c":null}},
     {"roster_id":"2","matchup_id":2.0,"custom_points":"12","starters":["b\n"],"players":[],"players_points":{}},
     {"roster_id":3,"points":1e2,"starters_points":[1,2,3]}, null, [1], {"x":true}]
    """#
}

/// What a decode produced, rendered so that equal means identical: doubles by bit
/// pattern, strings by their scalars, dictionaries in a fixed order.
enum Decoded: Equatable, CustomStringConvertible {
    case entries(count: Int, rendered: String)
    case failure(String)

    static func fast(_ body: Data) -> Decoded {
        do { return .init(try MatchupsDecoder.decode(body)) } catch { return .failure(error.reason) }
    }

    static func codable(_ body: Data) -> Decoded {
        do {
            return .init(try JSONDecoder().decode([Skippable<WireMatchup>].self, from: body).compactMap { $0.value?.entry })
        } catch {
            return .failure(error.reason)
        }
    }

    /// Both paths, expected equal; the outcome when it decoded.
    @discardableResult
    static func both(_ body: Data, sourceLocation: SourceLocation = #_sourceLocation) -> Decoded? {
        let fast = fast(body), codable = codable(body)
        #expect(fast == codable, "\(String(decoding: body.prefix(200), as: UTF8.self).debugDescription)", sourceLocation: sourceLocation)
        if case .entries = fast { return fast }
        return nil
    }

    var entryCount: Int {
        if case .entries(let count, _) = self { return count }
        return 0
    }

    init(_ entries: [MatchupEntry]) {
        func number(_ value: Double) -> String { "\(value)/\(String(value.bitPattern, radix: 16))" }
        func text(_ value: String) -> String { value.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ".") }
        let rendered = entries.map { entry in
            let byPlayer = entry.playersPoints.map { points in
                points.sorted { Array($0.key.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.key.unicodeScalars.map(\.value)) }
                    .map { "\(text($0.key))=\(number($0.value))" }
            }
            return "roster \(entry.rosterID) matchup \(entry.matchupID.map(String.init) ?? "nil") points \(number(entry.points))"
                + " starters \(entry.starters.map(text)) startersPoints \(entry.startersPoints.map { $0.map(number) } ?? ["nil"])"
                + " players \(entry.players.map(text)) playersPoints \(byPlayer ?? ["nil"])"
        }
        self = .entries(count: entries.count, rendered: rendered.joined(separator: "\n"))
    }

    var description: String {
        switch self {
        case .entries(let count, let rendered): "\(count) entries: \(rendered.prefix(300))"
        case .failure(let reason): "failure: \(reason)"
        }
    }
}

/// One to three random edits of a body, biased toward the bytes and snippets that matter
/// to a JSON reader.
enum Mutator {
    static let bytes: [UInt8] = Array(#"{}[],:"\ 0123456789-+.eEnultrfabu/"#.utf8)
        + [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xA9, 0xED, 0xA0, 0xF0, 0xF4, 0x90, 0xFE, 0xFF, 0xEF, 0xBB]
    static let snippets: [String] = [
        "null", "true", "\"\"", "[]", "{}", ",", ":", "\"roster_id\":", "\"points\":", "\"players_points\":{",
        "\\u00e9", "\\ud83c\\udfc8", "\\ud800", "\\udc00", "\\u0000", "\\x", "\\", "\\\"", "é", "\u{1}",
        "1e400", "1e-400", "-0", "-0.0", "1.0", "4.5", "01", "1.", ".5", "1e", "-", "+1", "9223372036854775808",
        "9007199254740993.0", "1E+2", "\"12\"", "\"x\"", "\"1.5\"", "12345678901234567890",
    ]

    static func mutate(_ original: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var body = original
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let at = body.isEmpty ? 0 : Int.random(in: 0..<body.count, using: &generator)
            switch Int.random(in: 0..<8, using: &generator) {
            case 0 where !body.isEmpty: body[at] = UInt8.random(in: 0...255, using: &generator)
            case 1 where !body.isEmpty: body[at] = bytes.randomElement(using: &generator)!
            case 2: body.insert(bytes.randomElement(using: &generator)!, at: at)
            case 3 where !body.isEmpty: body.remove(at: at)
            case 4: body.removeSubrange(at...)
            case 5 where !body.isEmpty:
                let length = Int.random(in: 1...16, using: &generator)
                let span = Array(body[at..<min(at + length, body.count)])
                body.insert(contentsOf: span, at: Int.random(in: 0...body.count, using: &generator))
            default: body.insert(contentsOf: Array(snippets.randomElement(using: &generator)!.utf8), at: at)
            }
        }
        return body
    }
}
