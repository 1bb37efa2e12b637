import Foundation
import Testing
@testable import SidelineCore

/// A daily allowance, paced: the cap always wins, a fifth is kept for the moments that
/// matter, routine updates are spread to the horizon.
@Suite("Push allowance: a daily budget per target, paced")
struct PushAllowanceTests {
    static let noon = Date(timeIntervalSince1970: 1_795_305_600 + 12 * 3600)  // 2026-11-22 12:00 UTC
    static let midnight = PushAllowance.nextMidnight(after: noon)
    let allowance = PushAllowance(limit: 300)

    @Test("The reserve is a fifth; the UTC day and its midnight are computed from the instant")
    func basics() {
        #expect(allowance.reserve == 60)
        #expect(PushAllowance.day(of: Self.noon) == "2026-11-22")
        #expect(Self.midnight.timeIntervalSince(Self.noon) == 12 * 3600)
        #expect(PushAllowance.day(of: Self.midnight) == "2026-11-23")
        #expect(PushAllowance.day(of: Self.midnight - 1) == "2026-11-22")
    }

    @Test("Routine updates are spaced so what is left lasts to the horizon, never closer than a minute")
    func pacing() {
        // 12 hours left, 240 routine pushes left: one every 3 minutes.
        let use = PushAllowance.Use(used: 0, lastAt: Self.noon - 60)
        #expect(allowance.decide(important: false, use: use, now: Self.noon, horizon: Self.midnight) == .wait(until: Self.noon - 60 + 180))
        #expect(allowance.decide(important: false, use: use, now: Self.noon + 120, horizon: Self.midnight) == .send)
        // The day's games end at 16:00: the same pushes spread over 4 hours, one a minute.
        #expect(allowance.spacing(routineLeft: 240, now: Self.noon, horizon: Self.noon + 4 * 3600) == 60)
        #expect(allowance.spacing(routineLeft: 1_000, now: Self.noon, horizon: Self.midnight) == 60)
        // The first push of the day goes at once.
        #expect(allowance.decide(important: false, use: .init(used: 0, lastAt: nil), now: Self.noon, horizon: Self.midnight) == .send)
    }

    @Test("Only the reserve left: routine updates stop, the moments that matter still go")
    func reserve() {
        let use = PushAllowance.Use(used: 240, lastAt: Self.noon - 3600)
        #expect(allowance.decide(important: false, use: use, now: Self.noon, horizon: Self.midnight) == .exhausted(until: Self.midnight))
        #expect(allowance.decide(important: true, use: use, now: Self.noon, horizon: Self.midnight) == .send)
        #expect(allowance.currentSpacing(use: use, now: Self.noon, horizon: Self.midnight) == nil)
    }

    @Test("The horizon is three and a half hours after the day's last kickoff, never past midnight")
    func horizon() {
        #expect(PushAllowance.dayEnd(kickoffs: [Self.noon + 3600], now: Self.noon) == Self.noon + 3600 + 3.5 * 3600)
        #expect(PushAllowance.dayEnd(kickoffs: [Self.noon + 11 * 3600], now: Self.noon) == Self.midnight)
        #expect(PushAllowance.dayEnd(kickoffs: [], now: Self.noon) == Self.midnight)
        #expect(PushAllowance.dayEnd(kickoffs: [Self.noon - 13 * 3600], now: Self.noon) == Self.midnight, "yesterday's games do not count")
    }

    @Test("The cap always wins, even for a moment that matters")
    func cap() {
        for used in [300, 301, 10_000] {
            let use = PushAllowance.Use(used: used, lastAt: nil)
            #expect(allowance.decide(important: true, use: use, now: Self.noon, horizon: Self.midnight) == .exhausted(until: Self.midnight))
        }
    }
}
