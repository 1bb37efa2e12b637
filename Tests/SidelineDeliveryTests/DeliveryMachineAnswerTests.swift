import Foundation
import Testing
import SidelineCore
@testable import SidelineDelivery

/// Every answer × {start, update, end} × {APNs, a whole-event sink}: what is recorded and
/// whether the lane goes on. No HTTP, no SQLite: the machine is a value.
@Suite("Delivery machine: what each answer means")
struct DeliveryMachineAnswerTests {
    static let now = Date(timeIntervalSince1970: 1_795_370_000)
    static let token = "ab" + String(repeating: "cd", count: 40)

    enum Expected: Equatable {
        case delivered
        case retryIn(TimeInterval)
        case failed
        case failedForgettingToken
        case failedAsConfiguration
    }

    struct Row: CustomTestStringConvertible {
        let answer: DeliveryAnswer
        let kind: LifecycleEventKind
        let apns: Expected
        let atLeastOnce: Expected
        var testDescription: String { "\(kind.rawValue) answered \(answer)" }
    }

    static let answers: [(DeliveryAnswer, start: Expected, other: Expected, atLeastOnce: Expected)] = [
        (.accepted(receipt: "r"), .delivered, .delivered, .delivered),
        (.tokenRejected(reason: "410 Unregistered", unregisteredAt: now), .failedForgettingToken, .failedForgettingToken, .failedForgettingToken),
        (.refused(reason: "403 InvalidProviderToken"), .failedAsConfiguration, .failedAsConfiguration, .failedAsConfiguration),
        // Answered: nothing reached the phone, so even a start goes again — after what the
        // server asked, and never sooner than Apple's push-to-start budget allows.
        (.deferred(reason: "429 TooManyRequests", retryAfter: 3), .retryIn(30), .retryIn(3), .retryIn(3)),
        (.deferred(reason: "503 ServiceUnavailable", retryAfter: nil), .retryIn(30), .retryIn(5), .retryIn(5)),
        (.deferred(reason: "429", retryAfter: 1e9), .retryIn(900), .retryIn(900), .retryIn(900)),
        (.deferred(reason: "429", retryAfter: .infinity), .retryIn(30), .retryIn(5), .retryIn(5)),
        (.notSent(reason: "connection refused"), .retryIn(30), .retryIn(5), .retryIn(5)),
        // Sent and never answered: a push-to-start may have arrived, so it is never resent.
        (.unanswered(reason: "timed out"), .failed, .retryIn(5), .retryIn(5)),
    ]

    static let rows: [Row] = answers.flatMap { answer, start, other, atLeastOnce in
        [LifecycleEventKind.start, .update, .end].map { kind in
            Row(answer: answer, kind: kind, apns: kind == .start ? start : other, atLeastOnce: atLeastOnce)
        }
    }

    static func outcome(_ settlement: DeliveryMachine.Settlement) -> Expected? {
        switch settlement.actions.first {
        case .markDelivered: return settlement.laneContinues ? .delivered : nil
        case .retry(let at, _): return settlement.laneContinues ? nil : .retryIn(at.timeIntervalSince(now))
        case .forgetToken(let token, _):
            return token == Self.token && settlement.actions.count == 2 && settlement.laneContinues ? .failedForgettingToken : nil
        case .fail:
            if settlement.actions.contains(where: { if case .reportConfigurationProblem = $0 { true } else { false } }) { return .failedAsConfiguration }
            return settlement.laneContinues ? .failed : nil
        default: return nil
        }
    }

    @Test("APNs: a start at most once on the wire, answers per Apple's table", arguments: rows)
    func apns(_ row: Row) {
        let machine = DeliveryMachine(policy: .apns)
        let settlement = machine.settle(row.answer, kind: row.kind, attempts: 0, token: Self.token, now: Self.now)
        #expect(Self.outcome(settlement) == row.apns, "\(settlement.actions)")
    }

    @Test("Webhook and ntfy: every event at least once, in order", arguments: rows)
    func atLeastOnce(_ row: Row) {
        let machine = DeliveryMachine(policy: .atLeastOnce)
        let settlement = machine.settle(row.answer, kind: row.kind, attempts: 0, token: Self.token, now: Self.now)
        #expect(Self.outcome(settlement) == row.atLeastOnce, "\(settlement.actions)")
    }

    @Test("The last allowed attempt that fails gives up for good, with the count in the reason", arguments: [LifecycleEventKind.start, .update, .end])
    func attemptLimit(_ kind: LifecycleEventKind) {
        let machine = DeliveryMachine(policy: .apns)
        let last = machine.settle(.deferred(reason: "503", retryAfter: nil), kind: kind, attempts: DeliveryPolicy.apns.maxAttempts - 1, now: Self.now)
        #expect(last.laneContinues)
        #expect(last.actions == [.fail(reason: Messages.Pushes.gaveUp(after: 20, "503"))])
        let before = machine.settle(.deferred(reason: "503", retryAfter: nil), kind: kind, attempts: DeliveryPolicy.apns.maxAttempts - 2, now: Self.now)
        #expect(!before.laneContinues)
    }

    @Test("Backoff doubles from 5 s and stops at 15 minutes")
    func backoff() {
        let policy = DeliveryPolicy.atLeastOnce
        #expect((1...9).map { policy.backoff(afterAttempts: $0) } == [5, 10, 20, 40, 80, 160, 320, 640, 900])
        #expect(policy.backoff(afterAttempts: 10_000) == 900)
        #expect(policy.retryDelay(afterAttempts: 1, serverAsked: -4, kind: .update) == 5)
        #expect(policy.retryDelay(afterAttempts: 1, serverAsked: .nan, kind: .update) == 5)
    }

    @Test("A start that carried queued updates closes them when it is taken")
    func carriedUpdates() {
        let settlement = DeliveryMachine(policy: .apns).settle(.accepted(receipt: nil), kind: .start, attempts: 1, carrying: 3, now: Self.now)
        #expect(settlement.actions == [.markDelivered(receipt: nil), .skipCarried(count: 3)])
    }
}
