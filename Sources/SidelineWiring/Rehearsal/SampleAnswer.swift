import Foundation
import SidelineCore
import SidelineDelivery

/// What came of one test or rehearsal push, in words (ADR 034).
public struct SampleAnswer: Sendable, Hashable {
    /// The receiver took it.
    public let accepted: Bool
    /// It never went (the allowance, a missing token, an encoding the sink cannot carry).
    public let sent: Bool
    /// The line a person reads.
    public let line: String

    public init(accepted: Bool, sent: Bool, line: String) {
        self.accepted = accepted
        self.sent = sent
        self.line = line
    }

    public static func notSent(_ line: String) -> SampleAnswer { SampleAnswer(accepted: false, sent: false, line: line) }

    /// A sink's answer as a person reads it: who answered, what, and what to do about it.
    /// APNs' token answers keep Apple's status (a 400 `BadDeviceToken` is a token for another
    /// app or environment; a 410 is one the phone has let go).
    public static func words(_ answer: DeliveryAnswer, sink: String, step: String) -> SampleAnswer {
        let line = switch answer {
        case .accepted: Messages.Rehearsal.accepted(sink, step)
        case .tokenRejected(let reason, _) where reason == "BadDeviceToken": Messages.Rehearsal.tokenInvalid(sink, status: 400, reason: reason)
        case .tokenRejected(let reason, _): Messages.Rehearsal.tokenGone(sink, status: 410, reason: reason)
        case .refused(let reason): Messages.Rehearsal.refused(sink, step, reason)
        // Held: the receiver refused our credentials or address. Home Assistant's reason says
        // so whole (the token and its 401, after the status the log leads with); APNs' is its
        // status and reason ("403 InvalidProviderToken"); a redirect's is a sentence.
        case .held(let reason) where reason.hasPrefix("401 "): String(reason.dropFirst(4))
        case .held(let reason) where reason.first?.isNumber == true: Messages.Rehearsal.refused(sink, step, reason)
        case .held(let reason): reason
        case .targetRefused(let reason): Messages.Rehearsal.targetRefused(sink, step, reason)
        case .deferred(let reason, _): Messages.Rehearsal.deferred(sink, step, reason)
        case .notSent(let reason): Messages.Rehearsal.notSent(sink, step, reason)
        case .unanswered(let reason): Messages.Rehearsal.unanswered(sink, step, reason)
        }
        if case .accepted = answer { return SampleAnswer(accepted: true, sent: true, line: line) }
        return SampleAnswer(accepted: false, sent: !answer.neverReached, line: line)
    }
}
