import Foundation
@testable import SidelineCore
@testable import SidelineEngine
import SidelineFakeSleeper
@testable import SidelineDelivery

/// Seeded lifecycle events that reach every branch of the display copy and every kind of
/// value the payload encoder meets: odd names (quotes, backslashes, slashes, control
/// characters, emoji, combining marks, empty), odd scores (negative, hidden leads, tiny,
/// large, -0, NaN), byes, median leagues, empty lineups, every event kind and reason, several
/// time zones and locales, instants with fractions of a second.
struct EnvelopeCorpus {
    struct Item {
        let event: LifecycleEvent
        let registration: Registration
        let mode: PassMode
        let display: DisplayContext
        let previous: MatchupView?

        var envelope: EventEnvelope {
            EventEnvelope(event, registration: registration, mode: mode, display: display, previous: previous)
        }
    }

    static let oddPieces = [
        "", " ", "  ", "Gridiron Gang", "Taco Tuesday", "\"quoted\"", "back\\slash", "KC D/ST", "a/b//c",
        "tab\there", "line\nbreak", "cr\r\nlf", "\u{0}nul", "\u{1}\u{1F}\u{7F}", "\u{8}\u{C}", "é", "e\u{301}",
        "🏈🔥", "👨‍👩‍👧‍👦", "🇺🇸", "Ωmega", "日本語チーム", "\u{2028}sep\u{2029}", "\u{202F}nnbsp\u{A0}",
        "\u{FEFF}bom", "Zoë O'Neil-Smith", "<script>&amp;", "💯💯💯💯💯💯💯💯💯💯💯💯💯💯💯💯💯💯💯💯💯",
        "The Extremely Long Team Name Of Doom And Gloom", "D/ST", "NYJ D/ST",
    ]
    static let firstNames = ["Patrick", "A.J.", "DK", "CJ", "Amon-Ra", "Ja'Marr", "J", "x", "É", "Marvin", "KC", "Zo\u{308}e", ""]
    static let lastNames = ["Mahomes", "St. Brown", "Harrison Jr.", "Walker III", "Smith-Njigba", "Defense", "D/ST", "O\"Hara", "Back\\Slash", "🏈", ""]
    static let teams = ["KC", "DET", "PHI", "SEA", "BUF", "JAX", "WSH", "LAR", "SF", "NYJ"]
    static let zones = ["America/New_York", "America/Los_Angeles", "Europe/London", "Europe/Berlin", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe", "UTC"]
    /// Locales whose times of day are plain (the pinned digests depend on the toolchain's
    /// ICU data for these; the clock memo's own tests use more exotic ones).
    static let locales = ["en_US", "en_GB", "de_DE", "fr_FR", "ja_JP", "en_US_POSIX"]
    static let sunday = Date(timeIntervalSince1970: 1_795_366_800) // 2026-11-22T17:00:00Z

    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    mutating func oddText() -> String {
        (0..<Int(random.next() % 3)).map { _ in pick(Self.oddPieces) }.joined(separator: pick(["", " ", "  "]))
    }

    mutating func points() -> Double {
        if chance(8) { return pick([0, -0.0, 1e-7, 1e13, -3.5, 100.04, 100.01, 87.45, 0.005, -0.04, 1e15 + 0.5, 99.99]) }
        return Double(Int(random.next() % 4_000) - 200) / 100
    }

    mutating func starter(_ index: Int, now: Date) -> StarterLine {
        let state: StarterState = pick([.toPlay, .playing, .done, .notPlaying, .playing])
        let name = chance(15) ? oddText() : "\(pick(Self.firstNames)) \(pick(Self.lastNames))"
        let offsets: [TimeInterval] = [-10_800, -600, 0, 600, 10_800, 21_600, 93_600, 180_000]
        let kickoff: Date? = chance(10) ? nil : now.addingTimeInterval(pick(offsets) + Double(random.next() % 60))
        return StarterLine(
            playerID: "\(index)", name: name, position: pick(["QB", "RB", "WR", "TE", "K", "DEF", nil]),
            team: chance(90) ? TeamCode(normalizing: pick(Self.teams)) : nil,
            points: state == .toPlay ? 0 : points(), state: state, kickoff: kickoff
        )
    }

    mutating func lineup(_ rosterID: Int, now: Date) -> LineupView {
        let count = chance(6) ? 0 : Int(random.next() % 11)
        let starters = (0..<count).map { starter($0, now: now) }
        var total = chance(5) ? points() : starters.reduce(0) { $0 + $1.points }
        if chance(2) { total = pick([.nan, .infinity]) }
        return LineupView(rosterID: rosterID, teamName: chance(30) ? oddText() : "Team \(rosterID)", points: total, starters: starters)
    }

    mutating func view(now: Date) -> MatchupView {
        MatchupView(
            leagueName: chance(30) ? oddText() : "Dynasty Bros", season: "2026", week: Int(random.next() % 18) + 1,
            me: lineup(1, now: now), opponent: chance(85) ? lineup(2, now: now) : nil, hasMedianGame: chance(20)
        )
    }

    mutating func item(_ index: Int) -> Item {
        let now = Self.sunday.addingTimeInterval(Double(random.next() % 40_000) + (chance(30) ? Double(random.next() % 1000) / 1000 : 0))
        let view = view(now: now)
        let kind: LifecycleEventKind = pick([.start, .update, .update, .update, .end])
        let reason: LifecycleReason = switch kind {
        case .start: pick([.kickoff, .rollover])
        case .update: pick([.points, .players, .resumed, .keepAlive])
        case .end: pick([.graceExpired, .rollover, .removed])
        }
        let phase: DisplayPhase = kind == .end ? .ended : pick([.live, .live, .grace])
        let registration = Registration(
            id: Int64(index + 1), sleeperUserID: chance(20) ? oddText() : "73\(index)", username: chance(30) ? oddText() : "user_\(index)",
            displayName: "User", leagueID: "1180000000000000\(index)", leagueName: chance(30) ? oddText() : view.leagueName,
            rosterID: 1, season: "2026", createdAt: now
        )
        let display = DisplayContext(now: now, timeZone: TimeZone(identifier: pick(Self.zones)) ?? .gmt, localeIdentifier: pick(Self.locales))
        let previous: MatchupView? = chance(70) ? self.view(now: now) : nil
        return Item(
            event: LifecycleEvent(kind: kind, reason: reason, at: now, activityID: "\(index + 1)-2026w12-\(index % 3 + 1)", view: view, phase: phase),
            registration: registration, mode: chance(20) ? .dryRun : .live, display: display, previous: previous
        )
    }

    static func items(seed: UInt64, count: Int) -> [Item] {
        var corpus = EnvelopeCorpus(seed: seed)
        return (0..<count).map { corpus.item($0) }
    }
}

/// FNV-1a, 64 bits: a stable digest of payload bytes for golden lists (not for security).
func fnv1a(_ bytes: some Sequence<UInt8>, into hash: inout UInt64) {
    for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }
}
