import ActivityKit
import Foundation
import SidelineActivity
import SidelineDeviceClient

/// The ActivityKit glue: forwards push-to-start tokens, push-started activities, their
/// update tokens and their states to the token reporter. It decides nothing; every rule
/// (duplicates, rotation, dismissal once, retry) is in `TokenReportingMachine`, which is
/// tested on Linux.
struct ActivityKitEventSource: ActivityEventSource {
    func events() -> AsyncStream<TokenReportingEvent> {
        AsyncStream { continuation in
            let task = Task {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await token in Activity<LiveActivityAttributes>.pushToStartTokenUpdates {
                            continuation.yield(.pushToStartTokenChanged(TokenHex.encode(token)))
                        }
                    }
                    group.addTask { await followActivities(continuation) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Activities running at launch, then each one the server starts by push.
    private func followActivities(_ continuation: AsyncStream<TokenReportingEvent>.Continuation) async {
        await withTaskGroup(of: Void.self) { group in
            var followed = Set<String>()
            for activity in Activity<LiveActivityAttributes>.activities where followed.insert(activity.id).inserted {
                group.addTask { await follow(activity, continuation) }
            }
            for await activity in Activity<LiveActivityAttributes>.activityUpdates where followed.insert(activity.id).inserted {
                group.addTask { await follow(activity, continuation) }
            }
        }
    }

    private func follow(_ activity: Activity<LiveActivityAttributes>, _ continuation: AsyncStream<TokenReportingEvent>.Continuation) async {
        let id = activity.attributes.activity
        continuation.yield(.activityAppeared(activity: id))
        continuation.yield(.activityStateChanged(activity: id, state: ActivityLifecycle(activity.activityState)))
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await token in activity.pushTokenUpdates {
                    continuation.yield(.activityTokenChanged(activity: id, token: TokenHex.encode(token)))
                }
            }
            group.addTask {
                for await state in activity.activityStateUpdates {
                    continuation.yield(.activityStateChanged(activity: id, state: ActivityLifecycle(state)))
                }
            }
        }
    }
}

extension ActivityLifecycle {
    init(_ state: ActivityState) {
        switch state {
        case .active: self = .active
        case .stale: self = .stale
        case .ended: self = .ended
        case .dismissed: self = .dismissed
        @unknown default: self = .active
        }
    }
}
