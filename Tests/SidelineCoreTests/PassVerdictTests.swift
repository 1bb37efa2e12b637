import Foundation
import Testing
@testable import SidelineCore

/// "Is it working?" from the last pass (ADR 035).
@Suite("The verdict on the last pass: failed, too old, idle or live")
struct PassVerdictTests {
    static let now = Date(timeIntervalSince1970: 1_795_374_000)
    static func judge(_ summary: PassSummary?, lastPassAt: Date? = nil) -> PassVerdict {
        PassVerdict.judge(lastPassAt: lastPassAt ?? summary?.at, last: summary, now: now, staleAfter: 180)
    }

    @Test("A pass none of whose calls was answered failed, and is not ready")
    func nothingAnswered() {
        let verdict = Self.judge(PassSummary(at: Self.now, calls: 2, unanswered: 2, problems: ["state/nfl: could not reach http://127.0.0.1:9/v1/state/nfl: refused"]))
        #expect(!verdict.isReady)
        #expect(verdict.code == "pass_failed")
        #expect(verdict.words.contains("could not reach"), "\(verdict.words)")
    }

    @Test("A pass with one 404 among answers, or one unanswered call of several, did not fail")
    func partlyAnswered() {
        #expect(Self.judge(PassSummary(at: Self.now, calls: 3, unanswered: 0, problems: ["matchups: Sleeper answered HTTP 404"])).isReady)
        #expect(Self.judge(PassSummary(at: Self.now, calls: 2, unanswered: 1, problems: ["schedule(scores): could not reach"])).isReady)
    }

    @Test("A pass that threw failed; a pass with nothing due made no calls and did not")
    func threwAndQuiet() {
        #expect(Self.judge(.threw("database write failed: disk I/O error", at: Self.now)).code == "pass_failed")
        #expect(Self.judge(PassSummary(at: Self.now)).isReady)
    }

    @Test("Idle says until the next kickoff with a registered starter; live counts activities; old and missing passes are not ready")
    func idleLiveStaleNone() {
        let kickoff = Self.now.addingTimeInterval(3 * 3600)
        let idle = Self.judge(PassSummary(at: Self.now, calls: 1, nextKickoff: kickoff))
        #expect(idle == .idle(nextKickoff: kickoff) && idle.isReady)
        #expect(idle.words.hasPrefix("idle until \(kickoff.formatted(.iso8601))"), "\(idle.words)")
        #expect(Self.judge(PassSummary(at: Self.now, openActivities: 2)) == .live(activities: 2))
        #expect(Self.judge(PassSummary(at: Self.now.addingTimeInterval(-600))) == .stale(seconds: 600))
        #expect(Self.judge(nil) == .noPass)
        #expect(Self.judge(nil, lastPassAt: Self.now).isReady, "a pass recorded by an older version, without a summary")
        let oldFailure = PassSummary(at: Self.now.addingTimeInterval(-60), calls: 1, unanswered: 1)
        #expect(Self.judge(oldFailure, lastPassAt: Self.now).isReady, "the summary of an earlier pass than the one recorded")
    }
}
