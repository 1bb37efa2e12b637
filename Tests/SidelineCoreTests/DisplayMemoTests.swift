import Foundation
import Testing
@testable import SidelineCore

/// The display's shortcuts give what the long way gives: the remembered times of day, and
/// short player names read by bytes.
@Suite("Display shortcuts")
struct DisplayMemoTests {
    static let zones = [
        "America/New_York", "America/Los_Angeles", "America/Phoenix", "Europe/London", "Europe/Berlin", "Asia/Tokyo",
        "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe", "Pacific/Chatham", "Pacific/Kiritimati", "UTC",
    ]
    static let locales = ["en_US", "en_GB", "de_DE", "fr_FR", "ja_JP", "ar_EG", "hi_IN", "ko_KR", "zh_Hans_CN", "en_US_POSIX"]

    /// Around the Sunday, across the US and EU clock changes, midnights and fractions of a second.
    static let instants: [Date] = {
        let anchors: [TimeInterval] = [1_795_374_840, 1_793_581_200, 1_793_584_800, 1_772_953_200, 1_774_746_000, 1_795_392_000, 0]
        let offsets: [TimeInterval] = [0, 0.25, 0.999, 59.999, 60, 3_599.5, -1, 86_399, 86_400, 3 * 86_400 + 1_800]
        return anchors.flatMap { anchor in offsets.map { Date(timeIntervalSince1970: anchor + $0) } }
    }()

    @Test("Remembered times of day equal freshly formatted ones, in every zone and locale, cold and warm")
    func clockMemo() {
        for zone in Self.zones {
            let timeZone = TimeZone(identifier: zone) ?? .gmt
            for locale in Self.locales {
                for now in [Self.instants[0], Self.instants[13], Self.instants[45]] {
                    let context = DisplayContext(now: now, timeZone: timeZone, localeIdentifier: locale)
                    for instant in Self.instants {
                        let time = ClockFormat.formattedTime(instant, context: context)
                        let kickoff = ClockFormat.formattedKickoff(instant, context: context)
                        for _ in 0..<2 {
                            #expect(ClockFormat.time(instant, context: context) == time, "\(zone) \(locale) \(instant)")
                            #expect(ClockFormat.kickoff(instant, context: context) == kickoff, "\(zone) \(locale) \(instant) from \(now)")
                        }
                    }
                }
            }
        }
        #expect(ClockFormat.rememberedCount <= ClockFormat.textCapacity)
    }

    @Test("A kickoff is remembered per day it is read from: today's time, another day's weekday")
    func kickoffDependsOnNow() {
        let kickoff = DisplayFixtures.mondayNight
        let sunday = DisplayContext(now: DisplayFixtures.now)
        let monday = DisplayContext(now: kickoff.addingTimeInterval(-3600))
        #expect(ClockFormat.kickoff(kickoff, context: sunday) == "Mon 8:15 PM")
        #expect(ClockFormat.kickoff(kickoff, context: monday) == "8:15 PM")
        #expect(ClockFormat.kickoff(kickoff, context: sunday) == "Mon 8:15 PM")
    }

    static let words = [
        "A", "AJ", "A.J.", "Aj", "aj", "DK", "CJ", "QB", "ZZ", "ZZZ", "Z", "x", "1", "2B", "A1", "a.", ".", "-", "'",
        "Amon-Ra", "St.", "Brown", "Jr.", "III", "O'Neil", "Ja'Marr", "Mahomes", "Smith-Njigba", "D/ST", "KC", "~!@#",
    ]

    @Test("Short names read by bytes equal the Unicode path for every ASCII name of up to three words")
    func asciiNames() {
        var names = [""]
        for first in Self.words {
            names.append(first)
            for second in Self.words {
                names.append("\(first) \(second)")
                for third in Self.words.prefix(12) { names.append("\(first) \(second) \(third)") }
            }
        }
        for name in names {
            #expect(TextFit.isCleanASCII(name))
            #expect(PlayerNameFormat.asciiShortName(name) == PlayerNameFormat.unicodeShortName(name), "\(name)")
        }
    }

    @Test("Names that are not clean ASCII take the Unicode path")
    func otherNames() {
        #expect(PlayerNameFormat.shortName("  Patrick   Mahomes ") == "P. Mahomes")
        #expect(PlayerNameFormat.shortName("Émile Smith") == "É. Smith")
        #expect(PlayerNameFormat.shortName("ÉÉ Smith") == "ÉÉ Smith")
        #expect(PlayerNameFormat.shortName("\n") == Messages.Display.unknownPlayer)
        #expect(PlayerNameFormat.shortName("") == Messages.Display.unknownPlayer)
    }

    @Test("Cuts of clean ASCII read by bytes equal the character-by-character cut, at every limit")
    func asciiTruncation() {
        let texts = ["Gridiron Gang", "Team 123 Gridiron", "The Extremely Long Team Name Of Doom", "A B C D E F G H", "x", "ab",
                     "Christian Alexander Hamilton-Worthington", "Dynasty Bros League Of Extraordinary Gentlemen", "a  b"]
        for text in texts where TextFit.isCleanASCII(text) {
            for maxCharacters in 0...45 {
                for maxUTF8 in [0, 1, 2, 3, 4, 5, 8, 12, 16, 24, 48, 96, 160, .max] where text.utf8.count > min(maxCharacters, maxUTF8) {
                    #expect(TextFit.asciiTruncated(text, maxCharacters: maxCharacters, maxUTF8: maxUTF8)
                        == TextFit.unicodeTruncated(text, maxCharacters: maxCharacters, maxUTF8: maxUTF8), "\(text) \(maxCharacters) \(maxUTF8)")
                }
            }
        }
    }

    @Test("An event built in one go equals its content state, attributes and push decision built apart")
    func eventInOneGo() {
        let reasons: [LifecycleEventKind: [LifecycleReason]] = [
            .start: [.kickoff, .rollover], .update: [.points, .players, .resumed, .keepAlive], .end: [.graceExpired, .rollover, .removed],
        ]
        for scenario in DisplayScenario.allCases {
            for (kind, reasons) in reasons {
                for reason in reasons {
                    for previous in [nil, DisplayScenario.liveLosingMondayNext.view, DisplayScenario.liveWinning.view] {
                        let event = DisplayBuilder.event(
                            kind: kind, reason: reason, view: scenario.view, previous: previous, phase: scenario.phase,
                            at: DisplayFixtures.now, context: scenario.context, registration: "7", activity: "7-2026w12-1"
                        )
                        #expect(event.contentState == DisplayBuilder.contentState(for: scenario.view, phase: scenario.phase, context: scenario.context))
                        #expect(event.attributes == DisplayBuilder.attributes(registration: "7", activity: "7-2026w12-1", view: scenario.view))
                        #expect(event.push == PushPolicy.decide(kind: kind, reason: reason, previous: previous, current: scenario.view, phase: scenario.phase, at: DisplayFixtures.now))
                    }
                }
            }
        }
    }
}
