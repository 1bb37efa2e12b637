import Foundation
import Testing
@testable import SidelineCore

@Suite("Pollers' fair shares of the leases: by budget, an egress's budget split between its pollers")
struct PollerSharesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let total: Int
        let pollers: [PollerBudget]
        let shares: [String: Int]
        var testDescription: String { name }
    }

    static func poller(_ id: String, _ egress: String, _ budget: Int = 1000) -> PollerBudget {
        PollerBudget(pollerID: id, egress: egress, callsPerMinute: budget)
    }

    static let cases: [Case] = [
        Case(name: "one poller takes every lease", total: 7, pollers: [poller("a", "")], shares: ["a": 7]),
        Case(name: "two egresses of one budget split evenly, the odd lease to the smaller id", total: 7,
             pollers: [poller("b", "y"), poller("a", "x")], shares: ["a": 4, "b": 3]),
        Case(name: "three egresses: 10 is 4, 3, 3", total: 10, pollers: [poller("a", "x"), poller("b", "y"), poller("c", "z")],
             shares: ["a": 4, "b": 3, "c": 3]),
        Case(name: "two pollers behind one NAT split its budget: each gets half of what the poller alone on its own egress gets", total: 20,
             pollers: [poller("a", "nat"), poller("b", "nat"), poller("c", "own")], shares: ["a": 5, "b": 5, "c": 10]),
        Case(name: "shares follow budgets: 1000 and 500 calls a minute take 7 and 3 of 10 (6.67, 3.33 rounded by the largest remainder)", total: 10,
             pollers: [poller("a", "x", 1000), poller("b", "y", 500)], shares: ["a": 7, "b": 3]),
        Case(name: "an egress's budget is the smallest its pollers are configured with", total: 12,
             pollers: [poller("a", "x", 1000), poller("b", "x", 600), poller("c", "y", 600)], shares: ["a": 3, "b": 3, "c": 6]),
        Case(name: "no leases: every poller's share is zero", total: 0, pollers: [poller("a", "x"), poller("b", "y")], shares: ["a": 0, "b": 0]),
        Case(name: "budgets of zero split evenly rather than leave leases to nobody", total: 5,
             pollers: [poller("a", "x", 0), poller("b", "y", 0)], shares: ["a": 3, "b": 2]),
        Case(name: "fewer leases than pollers: the largest remainders, then the smaller ids, get one each", total: 2,
             pollers: [poller("c", "z"), poller("a", "x"), poller("b", "y")], shares: ["a": 1, "b": 1, "c": 0]),
        Case(name: "a poller listed twice counts once", total: 4, pollers: [poller("a", "x"), poller("a", "x"), poller("b", "y")],
             shares: ["a": 2, "b": 2]),
    ]

    @Test("Shares for a table of pollers", arguments: cases)
    func shares(_ example: Case) {
        #expect(PollerShares.split(example.total, among: example.pollers) == example.shares)
    }

    @Test("Shares always sum to the total and do not depend on the order pollers are listed in")
    func sumAndOrder() {
        let egresses = ["x", "y", "z"]
        for count in 1...7 {
            let pollers = (0..<count).map { Self.poller("p\($0)", egresses[$0 % 3], 300 + 137 * $0) }
            for total in [0, 1, 5, 97, 20_000] {
                let shares = PollerShares.split(total, among: pollers)
                #expect(shares.values.reduce(0, +) == total, "\(count) pollers, \(total) leases")
                #expect(PollerShares.split(total, among: pollers.reversed()) == shares)
            }
        }
    }
}
