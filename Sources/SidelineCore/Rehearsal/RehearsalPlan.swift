import Foundation

/// A moment of the bundled game day for one registration: what its activity showed then.
public struct RehearsalMoment: Sendable, Hashable {
    public let at: Date
    public let view: MatchupView

    public init(at: Date, view: MatchupView) {
        self.at = at
        self.view = view
    }
}

/// `sideline rehearse`'s pushes for one device (ADR 034): the whole day as one activity
/// (Apple throttles push-to-start, so one start per device), its updates thinned to a cap,
/// its instants compressed into `duration`. Pure: moments in, pushes out.
public enum RehearsalPlan {
    public struct Push: Sendable, Hashable {
        /// Seconds after the rehearsal began.
        public let offset: TimeInterval
        public let kind: LifecycleEventKind
        /// 1, 2, … for updates; 0 otherwise.
        public let update: Int
        public let view: MatchupView
    }

    /// The day's moments (oldest first) as at most `cap` pushes (at least 3: a start, an
    /// update, an end): the first moment starts the activity; updates are picked evenly from
    /// the rest, always ending with the day's last view (the final, seen before the end
    /// dismisses it at once); the end goes with that last update's view.
    public static func make(_ moments: [RehearsalMoment], cap: Int, duration: TimeInterval) -> [Push] {
        guard let first = moments.first, let last = moments.last else { return [] }
        let span = last.at.timeIntervalSince(first.at)
        func offset(_ at: Date) -> TimeInterval { span > 0 ? at.timeIntervalSince(first.at) / span * duration : 0 }
        let updates = picked(Array(moments.dropFirst()), count: max(1, cap - 2))
        var pushes = [Push(offset: 0, kind: .start, update: 0, view: first.view)]
        for (index, moment) in updates.enumerated() {
            pushes.append(Push(offset: offset(moment.at), kind: .update, update: index + 1, view: moment.view))
        }
        pushes.append(Push(offset: duration, kind: .end, update: 0, view: last.view))
        return pushes
    }

    /// `count` of `moments`, evenly spread, the last always among them; all when they fit.
    static func picked(_ moments: [RehearsalMoment], count: Int) -> [RehearsalMoment] {
        guard moments.count > count else { return moments }
        // The k-th of `count` is the moment at ⌈k·n/count⌉ − 1: the last when k = count.
        return (1...count).map { moments[($0 * moments.count + count - 1) / count - 1] }
    }
}
