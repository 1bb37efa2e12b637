import Foundation

/// What one pass may spend, and the rules it spends it by: the budget in one place.
///
/// The pieces, from the outside in: ``RateBudget`` is Sleeper's ceiling as a sliding window
/// (with headroom for registrations); ``BudgetPressure`` shrinks the scheduler's share while
/// Sleeper pushes back; ``Backoff`` rests an endpoint after a refusal; the store's call log
/// admits each call in the same transaction that counts the window (the one guarantee that
/// holds across processes). This type is what a pass plans with: the room left in the
/// window at the pass's instant, the slots kept back for the feeds, and which refusals slow
/// the whole budget down. Pure.
public struct PassBudget: Sendable, Hashable {
    /// Calls the scheduler may still make in the window ending now.
    public let capacity: Int
    /// The scheduler's whole share of a window under the current pressure.
    public let cap: Int

    public init(capacity: Int, cap: Int) {
        self.capacity = max(0, capacity)
        self.cap = max(0, cap)
    }

    /// Room for league calls (the players index, matchups, league metadata) when
    /// `feedCalls` game-status feeds are followed: a full window must still let the next
    /// status call through, so a large budget keeps a few slots back for the feeds (at most
    /// a tenth of it).
    public func leagueCapacity(feedCalls: Int) -> Int {
        max(0, capacity - min(feedCalls + 1, cap / 10))
    }

    /// Whether a refused Sleeper call slows the whole budget (``BudgetPressure``), not just
    /// its endpoint: a 429 or 403 says we are too fast; a second 5xx in a row says Sleeper is
    /// struggling.
    public static func slowsDown(status: Int, consecutiveFailures: Int) -> Bool {
        status == 429 || status == 403 || consecutiveFailures >= 2
    }
}
