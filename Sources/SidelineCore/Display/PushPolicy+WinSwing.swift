import Foundation

extension PushPolicy {
    /// How far past 50 % the new favourite's shown chance must be for a swing to matter:
    /// 60 % or more, 40 % or less. A chance see-sawing around 50 % (a field goal here, a
    /// catch there) is noise; a side now clearly favoured is news.
    public static let winSwingMargin = 10
    /// The least time between two swing moments. Each is a priority-10 push, which spends
    /// the phone's APNs budget (overused, updates stop silently) and Home Assistant's
    /// reserve of its daily allowance; a see-saw game must not drain either.
    public static let winSwingSpacing: TimeInterval = 10 * 60

    /// What showing `view` at `now` makes of an activity's remembered swing: the mark to
    /// keep, and whether this update is a swing moment (priority 10, like a lead change).
    ///
    /// A moment needs all three: the favourite differs from the remembered side, its shown
    /// chance is at least ``winSwingMargin`` points past 50 %, and the last moment is at
    /// least ``winSwingSpacing`` old. A swing held back by the spacing leaves the mark as
    /// it was, so it goes out once the spacing has passed if it still holds then. The first
    /// chance an activity sees only sets the side it starts from.
    public static func winSwing(after mark: WinSwing?, showing view: MatchupView, at now: Date) -> (mark: WinSwing?, isMoment: Bool) {
        guard view.opponent != nil, let percent = WinChance.percent(view.winProbability) else { return (mark, false) }
        guard let mark else {
            return (favourite(percent: percent, margin: 0).map { WinSwing(side: $0, at: nil) }, false)
        }
        guard let favourite = favourite(percent: percent, margin: winSwingMargin), favourite != mark.side else { return (mark, false) }
        if let last = mark.at, now.timeIntervalSince(last) < winSwingSpacing { return (mark, false) }
        return (WinSwing(side: favourite, at: now), true)
    }

    /// The side whose shown chance is at least `margin` points past 50 %; `nil` when neither
    /// is, and for an even 50 %, which favours nobody.
    static func favourite(percent: Int, margin: Int) -> WinSwing.Side? {
        let lead = percent - 50
        guard lead != 0, abs(lead) >= margin else { return nil }
        return lead > 0 ? .me : .them
    }
}
