/// The Dynamic Island's expanded regions, ready to render.
///
/// The team names above the scores come from ``LiveActivityAttributes/myTeamShortName``
/// and ``LiveActivityAttributes/opponentTeamShortName``; the win chance under the centre, when
/// there is one, from ``LiveActivityContentState/winChance`` (kept outside this type so
/// its shape stays what version 1 phones decode).
public struct LiveActivityExpandedText: Codable, Hashable, Sendable {
    /// Leading region: the registration's score, e.g. `"87.4"`.
    public let leading: String
    /// Trailing region: the opponent's score, or a short word when there is none.
    public let trailing: String
    /// Centre region: the margin or the result, e.g. `"Up 15.3"`, `"Won"`.
    public let center: String
    /// Bottom region: players and who is scoring, e.g.
    /// `"3 playing · 2 to play · 4 done — P. Mahomes 24.3"`.
    public let bottom: String

    public init(leading: String, trailing: String, center: String, bottom: String) {
        self.leading = leading
        self.trailing = trailing
        self.center = center
        self.bottom = bottom
    }
}

/// The Lock Screen (and StandBy) presentation, ready to render. Its title is
/// ``LiveActivityAttributes/title``; the win chance beside the headline, when there is one,
/// is ``LiveActivityContentState/winChance``.
public struct LiveActivityLockScreenText: Codable, Hashable, Sendable {
    /// The main line, e.g. `"Up 15.3 — 87.4 – 72.1"` or `"Won 112.4 – 98.7"`.
    public let headline: String
    /// Who is scoring, or what happens next, e.g. `"Playing now — P. Mahomes 24.3"`.
    public let detail: String
    /// Players and time, e.g. `"3 playing · 2 to play · 4 done · as of 2:14 PM"`.
    public let footer: String

    public init(headline: String, detail: String, footer: String) {
        self.headline = headline
        self.detail = detail
        self.footer = footer
    }
}

/// The Apple Watch Smart Stack and CarPlay (`.small` activity family), ready to render.
public struct LiveActivitySmallText: Codable, Hashable, Sendable {
    /// The score line, e.g. `"87.4 – 72.1"`.
    public let headline: String
    /// One short line under it, e.g. `"Up 15.3"`.
    public let detail: String

    public init(headline: String, detail: String) {
        self.headline = headline
        self.detail = detail
    }
}
