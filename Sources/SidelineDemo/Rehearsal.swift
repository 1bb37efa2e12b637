import Foundation
import SidelineCore
import SidelineDelivery
import SidelineFakeSleeper
import SidelineWiring

/// `sideline rehearse` (ADR 034): the bundled game day replayed into the configured devices
/// through their own sinks, compressed (the whole day in three minutes by default), one
/// activity per device, at most `cap` pushes each, Home Assistant's reserve kept. The pushes
/// go straight to the sinks as sample activities: the user's registrations, lifecycles,
/// outbox and deliveries are never touched.
public struct Rehearsal: Sendable {
    public struct Options: Sendable {
        /// The whole day's length on the clock.
        public var duration: Duration
        /// Pushes per device, the start and end included.
        public var cap: Int
        /// One device only (`--device`); every device when `nil`.
        public var deviceID: String?
        public var sleep: @Sendable (Duration) async throws -> Void

        public init(duration: Duration = .seconds(180), cap: Int = 20, deviceID: String? = nil,
                    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
            self.duration = duration
            self.cap = cap
            self.deviceID = deviceID
            self.sleep = sleep
        }
    }

    /// How one device's rehearsal went.
    struct Outcome: Sendable {
        let deviceID: String
        let accepted: Int
        let total: Int
        let notSent: Int
    }

    let wiring: Wiring
    let options: Options
    let output: any TextOutput

    public init(wiring: Wiring, options: Options = Options(), output: any TextOutput = StandardOutput()) {
        self.wiring = wiring
        self.options = options
        self.output = output
    }

    /// Runs it; how many devices had a push not accepted. Throws for no device, an unknown one, a
    /// sink that is not configured, or a store that cannot be written.
    public func run() async throws(WiringError) -> Int {
        let pushers = try pushers()
        output.write(Messages.Rehearsal.replaying)
        let moments = try await GameDayMoments.collect()
        let seconds = Double(options.duration.components.seconds) + Double(options.duration.components.attoseconds) / 1e18
        let plan = RehearsalPlan.make(moments, cap: options.cap, duration: seconds)
        guard !plan.isEmpty else { throw WiringError(.refused, Messages.Rehearsal.noActivityInDay) }
        output.write(Messages.Rehearsal.rehearsing(league: GameDayScript.leagueName, user: GameDayScript.alex.username, devices: pushers.count,
                                                   seconds: Int(seconds.rounded()), cap: options.cap))
        for pusher in pushers { output.write(Messages.Rehearsal.planned(pusher.device.id, pushes: plan.count, of: moments.count)) }
        for pusher in pushers where pusher.isAPNs {
            do { try wiring.store.addSampleActivity(activityID: pusher.activityID, deviceID: pusher.device.id, at: wiring.now()) } catch {
                throw WiringError(.database, "\(error)")
            }
        }
        let outcomes = await withTaskGroup(of: Outcome.self) { group in
            for pusher in pushers { group.addTask { await rehearse(plan, on: pusher) } }
            var outcomes: [Outcome] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes.sorted { $0.deviceID < $1.deviceID }
        }
        for pusher in pushers where pusher.isAPNs {
            do { try wiring.store.removeSampleActivity(activityID: pusher.activityID) } catch {
                output.write(Messages.Rehearsal.cleanupFailed("\(error)"))
            }
        }
        for outcome in outcomes {
            output.write(Messages.Rehearsal.rehearsalSummary(outcome.deviceID, accepted: outcome.accepted, of: outcome.total, skipped: outcome.notSent))
        }
        output.write(Messages.Rehearsal.rehearsalDone(seconds: Int(seconds.rounded())))
        return outcomes.filter { $0.accepted < $0.total }.count
    }

    /// A pusher for each device rehearsed, each with an activity of its own.
    func pushers() throws(WiringError) -> [SamplePusher] {
        let devices: [Device]
        do {
            if let id = options.deviceID {
                guard let device = try wiring.store.device(id: id) else { throw WiringError(.refused, Messages.Devices.unknownDevice(id)) }
                devices = [device]
            } else {
                // A paused device asked for quiet until a time: only `--device` overrides it.
                let now = wiring.now()
                let all = try wiring.store.devices()
                for device in all where (device.pausedUntil ?? .distantPast) > now { output.write(Messages.Rehearsal.pausedSkipped(device.id)) }
                devices = all.filter { ($0.pausedUntil ?? .distantPast) <= now }
            }
        } catch let error as WiringError {
            throw error
        } catch {
            throw WiringError(.database, "\(error)")
        }
        guard !devices.isEmpty else { throw WiringError(.refused, Messages.Rehearsal.noDevices) }
        var pushers: [SamplePusher] = []
        for device in devices {
            let activityID = "rehearsal-" + String(format: "%08x", UInt32.random(in: .min ... .max))
            pushers.append(SamplePusher(device: device, sender: try wiring.deviceSender(for: device), activityID: activityID, store: wiring.store,
                                        league: GameDayScript.leagueName, username: GameDayScript.alex.username, wiring: wiring))
        }
        return pushers
    }

    /// One device's pushes, each at its offset; a progress line for each.
    func rehearse(_ plan: [RehearsalPlan.Push], on pusher: SamplePusher) async -> Outcome {
        var accepted = 0
        var notSent = 0
        var clock: TimeInterval = 0
        for push in plan {
            if push.offset > clock {
                // Cancelled (Ctrl-C): the rest goes at once, so the end still clears the activity.
                do { try await options.sleep(.milliseconds(Int64((push.offset - clock) * 1000))) } catch {}
                clock = push.offset
            }
            let step = SamplePusher.stepName(push.kind, update: push.update)
            let answer = await send(push, step: step, with: pusher)
            output.write(Messages.Rehearsal.progress(elapsed: Int(push.offset), device: pusher.device.id, step: step, answer: answer.line))
            if answer.accepted { accepted += 1 } else if !answer.sent { notSent += 1 }
            // Nothing started: nothing to update or end.
            if push.kind == .start, !answer.accepted { return Outcome(deviceID: pusher.device.id, accepted: 0, total: plan.count, notSent: plan.count - 1 + notSent) }
        }
        return Outcome(deviceID: pusher.device.id, accepted: accepted, total: plan.count, notSent: notSent)
    }

    /// One push to its token; not sent when there is none yet.
    func send(_ push: RehearsalPlan.Push, step: String, with pusher: SamplePusher) async -> SampleAnswer {
        let token: String?
        do { token = try pusher.token(for: push.kind) } catch {
            return .notSent(Messages.Pushes.storeFailed("the \(step)", "\(error)"))
        }
        guard let token else {
            return .notSent(push.kind == .start ? Messages.Rehearsal.noPushToStartToken : Messages.Rehearsal.updateWithoutToken(step))
        }
        return await pusher.push(push.kind, view: push.view, step: step, token: token, at: wiring.now())
    }
}
