import Foundation
import Testing
@testable import SidelineCore

@Suite("A pass's lease round: release the surplus, renew the rest, claim up to the share")
struct LeaseRoundTests {
    static let expiry = Date(timeIntervalSince1970: 1_795_370_400)

    static func held(_ keys: [String], by holder: String = "a") -> [LeaseGrant] {
        keys.map { LeaseGrant(kind: .league, key: $0, holder: holder, epoch: 1, expiresAt: expiry) }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let held: [String]
        let share: Int
        let renew: [String]
        let release: [String]
        let claims: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "at its share: renew all, claim none", held: ["L1", "L2", "L3"], share: 3, renew: ["L1", "L2", "L3"], release: [], claims: 0),
        Case(name: "over its share: release the last keys in order, renew the first", held: ["L5", "L1", "L4", "L2", "L3"], share: 3,
             renew: ["L1", "L2", "L3"], release: ["L4", "L5"], claims: 0),
        Case(name: "under its share: renew all, claim the difference", held: ["L1", "L2"], share: 5, renew: ["L1", "L2"], release: [], claims: 3),
        Case(name: "a share of zero releases everything", held: ["L1", "L2"], share: 0, renew: [], release: ["L1", "L2"], claims: 0),
        Case(name: "holding nothing: claim the whole share", held: [], share: 4, renew: [], release: [], claims: 4),
    ]

    @Test("Rounds for a table of holdings and shares", arguments: cases)
    func round(_ example: Case) {
        let round = LeaseRound(held: Self.held(example.held), share: example.share)
        #expect(round.renew.map(\.key) == example.renew)
        #expect(round.release.map(\.key) == example.release)
        #expect(round.claims(renewed: round.renew.count) == example.claims)
    }

    @Test("A lease lost before its renewal is replaced by a claim, never beyond the share")
    func lostLeaseReplaced() {
        let round = LeaseRound(held: Self.held(["L1", "L2", "L3"]), share: 3)
        #expect(round.claims(renewed: 2) == 1)
        #expect(round.claims(renewed: 3) == 0)
        #expect(LeaseRound(held: Self.held(["L1", "L2", "L3", "L4"]), share: 3).claims(renewed: 3) == 0)
    }

    /// Pollers taking turns on one lease table, as ``LeaseRound`` says (no expiry: nobody dies).
    struct Table {
        var holders: [String: String?]
        var live: [PollerBudget] = []

        init(leases: Int) {
            holders = Dictionary(uniqueKeysWithValues: (0..<leases).map { (String(format: "L%03d", $0), String?.none) })
        }

        func held(by poller: String) -> [LeaseGrant] {
            holders.filter { $0.value == poller }.keys.sorted().map { LeaseGrant(kind: .league, key: $0, holder: poller, epoch: 1, expiresAt: LeaseRoundTests.expiry) }
        }

        /// One pass of `poller`: its heartbeat makes it live, then release, renew, claim.
        mutating func pass(_ poller: String) {
            if !live.contains(where: { $0.pollerID == poller }) { live.append(PollerBudget(pollerID: poller, egress: poller, callsPerMinute: 1000)) }
            let share = PollerShares.split(holders.count, among: live)[poller] ?? 0
            let round = LeaseRound(held: held(by: poller), share: share)
            for lease in round.release { holders[lease.key] = .some(nil) }
            let free = holders.filter { $0.value == nil }.keys.sorted()
            for key in free.prefix(round.claims(renewed: round.renew.count)) { holders[key] = .some(poller) }
        }

        func count(_ poller: String) -> Int { holders.values.filter { $0 == poller }.count }
    }

    /// The others pass once between the joiner's two passes (one cadence for all), in any order.
    @Test("A joining poller reaches its share on its second pass, whatever order the others pass in",
          arguments: [["c", "a", "b", "c"], ["c", "b", "a", "c"], ["b", "c", "a", "b", "c"]])
    func joinerReachesShare(_ order: [String]) {
        var table = Table(leases: 12)
        // b joins a: a takes all 12, b finds none free, a releases 6, b claims them.
        for poller in ["a", "b", "a", "b"] { table.pass(poller) }
        #expect(table.count("a") == 6 && table.count("b") == 6)
        var joinerPasses = 0
        for poller in order {
            table.pass(poller)
            if poller == "c" { joinerPasses += 1 }
            if joinerPasses == 2 { break }
        }
        #expect(table.count("c") == 4, "\(table.holders)")
        #expect(table.count("a") + table.count("b") + table.count("c") == 12)
    }
}
