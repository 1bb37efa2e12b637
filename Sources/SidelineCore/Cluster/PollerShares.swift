import Foundation

/// A live poller as the share arithmetic sees it: its id, the address its Sleeper calls
/// leave from, and its configured calls a minute.
public struct PollerBudget: Sendable, Hashable {
    public let pollerID: String
    public let egress: String
    public let callsPerMinute: Int

    public init(pollerID: String, egress: String, callsPerMinute: Int) {
        self.pollerID = pollerID
        self.egress = egress
        self.callsPerMinute = callsPerMinute
    }
}

/// Each live poller's fair share of `total` leases (issue 32).
///
/// Pollers on one egress share its budget, split evenly between them; the egress's budget
/// is the smallest its pollers are configured with, since they admit calls against one
/// call log and the strictest limit is the one that holds when all are busy. A poller's
/// share is proportional to its part of the budget, the shares sum to `total` exactly,
/// and the rounding is the largest-remainder method with ties going to the smaller poller
/// id: every poller computes the same shares from the same list, in integers only, so
/// no two hosts can round differently.
public enum PollerShares {
    public static func split(_ total: Int, among pollers: [PollerBudget]) -> [String: Int] {
        let live = Dictionary(pollers.map { ($0.pollerID, $0) }, uniquingKeysWith: { first, _ in first })
            .values.sorted { $0.pollerID < $1.pollerID }
        guard !live.isEmpty, total > 0 else { return Dictionary(uniqueKeysWithValues: live.map { ($0.pollerID, 0) }) }
        let byEgress = Dictionary(grouping: live, by: \.egress)
        // An egress's budget over its poller count, over a common denominator: integer
        // weights in the same proportions as the fractions.
        let denominator = byEgress.values.map(\.count).reduce(1, lcm)
        var weights: [(poller: String, weight: Int)] = live.map { poller in
            let peers = byEgress[poller.egress]!
            let budget = max(0, peers.map(\.callsPerMinute).min()!)
            return (poller.pollerID, budget * (denominator / peers.count))
        }
        if weights.allSatisfy({ $0.weight == 0 }) { weights = weights.map { ($0.poller, 1) } }
        let sum = weights.map(\.weight).reduce(0, +)
        var shares: [String: Int] = [:]
        var remainders: [(poller: String, remainder: Int)] = []
        for (poller, weight) in weights {
            let exact = total.multipliedFullWidth(by: weight)
            let (quotient, remainder) = sum.dividingFullWidth(exact)
            shares[poller] = quotient
            remainders.append((poller, remainder))
        }
        let left = total - shares.values.reduce(0, +)
        let order = remainders.sorted { $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.poller < $1.poller }
        for entry in order.prefix(left) { shares[entry.poller, default: 0] += 1 }
        return shares
    }

    static func lcm(_ a: Int, _ b: Int) -> Int { a / gcd(a, b) * b }

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}
