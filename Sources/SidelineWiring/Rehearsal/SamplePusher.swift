import Foundation
import SidelineCore
import SidelineDelivery
import SidelineStore
import Synchronization

/// Sends a sample activity's pushes to one device through its own sink (ADR 034): the
/// sink's coding encodes each event as a pass would, a Home Assistant push is counted
/// against the day's allowance (never its reserve) before it goes, and the answer comes
/// back in words. Nothing of the user's registrations, lifecycles or outbox is touched: the
/// pushes go straight to the sink and are not stored.
public final class SamplePusher: Sendable {
    public let device: Device
    public let sender: any DevicePushSender
    /// The sample's own activity id (`test-…`, `rehearsal-…`).
    public let activityID: String
    let store: any RehearsalStore & DeviceStore & DeliveryStore
    let registration: Registration
    let display: @Sendable (Date) -> DisplayContext
    /// APNs timestamps must increase per activity: the last one sent, and the view shown.
    private let sent = Mutex<(timestamp: Int, view: MatchupView?, sequence: Int64)>((0, nil, 0))

    public init(device: Device, sender: any DevicePushSender, activityID: String, store: any RehearsalStore & DeviceStore & DeliveryStore, league: String, username: String, wiring: Wiring) {
        self.device = device
        self.sender = sender
        self.activityID = activityID
        self.store = store
        registration = Registration(id: 0, sleeperUserID: device.sleeperUserID, username: username, displayName: username, leagueID: "sample",
                                    leagueName: league, rosterID: 1, season: "", createdAt: Date(timeIntervalSince1970: 0))
        display = { wiring.displayContext(at: $0) }
    }

    /// Whether the device's pushes go through APNs (which needs the activity's own token
    /// for updates and the end).
    public var isAPNs: Bool { device.notifyService == nil }

    /// The step's name for a person: start, update N, end.
    public static func stepName(_ kind: LifecycleEventKind, update: Int) -> String {
        switch kind {
        case .start: Messages.Rehearsal.start
        case .update: Messages.Rehearsal.update(update)
        case .end: Messages.Rehearsal.end
        }
    }

    /// The token a push of `kind` goes to: the push-to-start token for an APNs start, the
    /// activity token the app reported for the rest; the notify service for Home Assistant.
    public func token(for kind: LifecycleEventKind) throws(StoreError) -> String? {
        guard isAPNs else { return device.notifyService }
        if kind == .start { return device.pushToStartToken }
        return try store.activityDevice(activityID: activityID, deviceID: device.id)?.updateToken
    }

    /// Sends one push showing `view` at `now`. An end dismisses at once (a sample leaves
    /// nothing on the Lock Screen). `step` names it in the answer.
    public func push(_ kind: LifecycleEventKind, view: MatchupView, step: String, token: String, at now: Date) async -> SampleAnswer {
        let previous = sent.withLock { $0.view }
        let reason: LifecycleReason = switch kind {
        case .start: .kickoff
        case .update: .points
        case .end: .removed
        }
        let event = LifecycleEvent(kind: kind, reason: reason, at: now, activityID: activityID, view: view, phase: kind == .end ? .ended : .live)
        let envelope = EventEnvelope(event, registration: registration, mode: .live, display: display(now), previous: kind == .start ? nil : previous)
        let payload: DevicePayload
        do { payload = try sender.coding.encode(envelope, event: event, at: now) } catch {
            return .notSent(Messages.Rehearsal.refused(sender.label, step, "\(error)"))
        }
        let part = sender.coding.step(payload, kind: kind, at: now)
        var admitted = false
        if let allowance = sender.policy.allowance, part.counted {
            do {
                switch try store.admitRehearsalPush(target: token, allowance: allowance, at: now) {
                case .send: admitted = true
                case .wait(let until), .exhausted(let until):
                    return .notSent(Messages.Rehearsal.allowanceSpent(token, until: EventEnvelope.timestamp(until)))
                }
            } catch {
                return .notSent(Messages.Pushes.storeFailed("the push against the allowance", "\(error)"))
            }
        }
        let (timestamp, sequence) = sent.withLock { state in
            state.timestamp = max(state.timestamp + 1, Int(now.timeIntervalSince1970))
            state.sequence += 1
            state.view = view
            return (state.timestamp, state.sequence)
        }
        let push = DevicePush(eventID: sequence, deviceID: device.id, activityID: activityID, kind: kind, body: part.payload, token: token,
                              environment: device.environment, timestamp: timestamp, id: DevicePush.stableID(eventID: sequence, deviceID: activityID))
        let answer = await sender.push(push)
        if admitted, answer.neverReached {
            do { try store.returnPush(target: token, at: now) } catch {
                // The count stays one too high for today: said, never silent.
                return SampleAnswer(accepted: false, sent: false, line: Messages.Pushes.storeFailed("the unsent push's return to the allowance", "\(error)"))
            }
        }
        return SampleAnswer.words(answer, sink: sender.label, step: step)
    }
}
