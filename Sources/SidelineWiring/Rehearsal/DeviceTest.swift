import Foundation
import SidelineCore
import SidelineDelivery
import SidelineStore

/// `sideline devices test`: a sample activity on one device through its own sink — a start,
/// two updates `gap` apart, an end that dismisses at once — each answer said as it comes
/// (ADR 034). For APNs the updates go to the activity's own token, which the app reports
/// through the device API for the sample's activity row; the test waits up to `tokenWait`.
public struct DeviceTest: Sendable {
    /// How long things take; tests make them short (no test waits for real time).
    public struct Timing: Sendable {
        /// Between the pushes (ten seconds: long enough to see each on the phone).
        public var gap: Duration
        /// How long to wait for the app's activity token (APNs).
        public var tokenWait: Duration
        /// How often the store is read for that token meanwhile.
        public var poll: Duration
        public var sleep: @Sendable (Duration) async throws -> Void

        public init(gap: Duration = .seconds(10), tokenWait: Duration = .seconds(60), poll: Duration = .milliseconds(250),
                    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
            self.gap = gap
            self.tokenWait = tokenWait
            self.poll = poll
            self.sleep = sleep
        }
    }

    let wiring: Wiring
    let timing: Timing
    let output: any TextOutput

    public init(wiring: Wiring, timing: Timing = Timing(), output: any TextOutput = StandardOutput()) {
        self.wiring = wiring
        self.timing = timing
        self.output = output
    }

    /// Tests one device; `true` when every push was accepted. Throws for a sink that is not
    /// configured or a store that cannot be written.
    public func run(_ device: Device) async throws(WiringError) -> Bool {
        let sender = try wiring.deviceSender(for: device)
        output.write(Messages.Rehearsal.testing(device.id, name: device.name, sink: sender.label, gap: Int(timing.gap.components.seconds)))
        if !wiring.configuration.sinks.contains(sender.name) { output.write(Messages.Rehearsal.sinkNotEnabled(sender.label, name: sender.name)) }
        let pusher = SamplePusher(device: device, sender: sender, activityID: "test-" + Self.suffix(), store: wiring.store,
                                  league: Messages.Rehearsal.sampleLeague, username: Messages.Rehearsal.sampleUser, wiring: wiring)
        if pusher.isAPNs {
            do { try wiring.store.addSampleActivity(activityID: pusher.activityID, deviceID: device.id, at: wiring.now()) } catch {
                throw WiringError(.database, "\(error)")
            }
        }
        let accepted = await steps(pusher)
        if pusher.isAPNs {
            do { try wiring.store.removeSampleActivity(activityID: pusher.activityID) } catch {
                output.write(Messages.Rehearsal.cleanupFailed("\(error)"))
            }
        }
        let total = Self.kinds.count
        output.write(accepted == total ? Messages.Rehearsal.passed(device.id, pushes: total) : Messages.Rehearsal.failed(device.id, accepted: accepted, of: total))
        return accepted == total
    }

    static let kinds: [LifecycleEventKind] = [.start, .update, .update, .end]

    /// The four pushes; how many were accepted.
    func steps(_ pusher: SamplePusher) async -> Int {
        var accepted = 0
        for (index, kind) in Self.kinds.enumerated() {
            let step = SamplePusher.stepName(kind, update: index)
            if index > 0 {
                // Cancelled (Ctrl-C): the rest goes at once, so the end still clears the sample.
                do { try await timing.sleep(timing.gap) } catch {}
            }
            let token: String?
            do { token = try pusher.token(for: kind) } catch {
                output.write(Messages.Pushes.storeFailed("the \(step)", "\(error)"))
                return accepted
            }
            guard let token else {
                output.write(kind == .start ? Messages.Rehearsal.noPushToStartToken : Messages.Rehearsal.updateWithoutToken(step))
                return accepted
            }
            let answer = await pusher.push(kind, view: SampleMatchup.view(step: index, at: wiring.now()), step: step, token: token, at: wiring.now())
            output.write(answer.line)
            guard answer.accepted else {
                // Nothing started: nothing to update or end. A failed update still lets the
                // end go, so nothing of the sample stays on the phone.
                guard kind != .start else {
                    output.write(Messages.Rehearsal.skippedAfterFailedStart(Self.kinds.count - 1))
                    return accepted
                }
                continue
            }
            accepted += 1
            if kind == .start, pusher.isAPNs, !(await waitForToken(pusher)) { return accepted }
        }
        return accepted
    }

    /// Waits for the app to report the activity's token; says how it went.
    func waitForToken(_ pusher: SamplePusher) async -> Bool {
        let seconds = Int(timing.tokenWait.components.seconds)
        output.write(Messages.Rehearsal.waitingForToken(seconds: seconds))
        var waited: Duration = .zero
        while true {
            // Unreadable this time: read again at the next poll (a busy database recovers).
            if (try? pusher.token(for: .update)) != nil {
                output.write(Messages.Rehearsal.tokenArrived(seconds: Int(waited.components.seconds)))
                return true
            }
            guard waited < timing.tokenWait else { break }
            do { try await timing.sleep(timing.poll) } catch { break }
            waited += timing.poll
        }
        output.write(Messages.Rehearsal.noTokenInTime(seconds: seconds))
        return false
    }

    /// Eight hex digits: a sample's id never meets a registration's.
    static func suffix() -> String { String(format: "%08x", UInt32.random(in: .min ... .max)) }
}
