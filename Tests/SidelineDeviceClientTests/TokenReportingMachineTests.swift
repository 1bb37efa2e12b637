import Foundation
import Testing
@testable import SidelineDeviceClient

/// The token-reporting rules on scripted ActivityKit sequences: no I/O, no clock.
@Suite("Token reporting: what ActivityKit hands over reaches the server once, newest first")
struct TokenReportingMachineTests {
    let start = String(repeating: "ab", count: 32)
    let rotatedStart = String(repeating: "cd", count: 32)
    let game = "1-2026w12-1"
    let token = String(repeating: "c0ffee", count: 12)
    let rotated = String(repeating: "beef", count: 20)

    func paired() -> TokenReportingMachine {
        var machine = TokenReportingMachine()
        _ = machine.handle(.paired(sentPushToStartToken: nil))
        return machine
    }

    @Test("A push-to-start token before pairing is held, sent with the pairing call, and not sent again")
    func heldUntilPairing() {
        var machine = TokenReportingMachine()
        #expect(machine.handle(.pushToStartTokenChanged(start)) == [])
        #expect(machine.pushToStartTokenForPairing == start)
        #expect(machine.handle(.paired(sentPushToStartToken: start)) == [])
        #expect(machine.handle(.pushToStartTokenChanged(start.uppercased())) == [])
        #expect(machine.handle(.woke) == [])
    }

    @Test("A push-to-start token that rotates during pairing is sent right after it")
    func rotatedDuringPairing() {
        var machine = TokenReportingMachine()
        _ = machine.handle(.pushToStartTokenChanged(start))
        _ = machine.handle(.pushToStartTokenChanged(rotatedStart))
        #expect(machine.handle(.paired(sentPushToStartToken: start)) == [.send(.pushToStartToken(rotatedStart))])
    }

    @Test("An activity's token is reported once, and a repeat of it is not")
    func deduplicated() {
        var machine = paired()
        #expect(machine.handle(.activityAppeared(activity: game)) == [])
        #expect(machine.handle(.activityTokenChanged(activity: game, token: token)) == [.send(.activityToken(activity: game, token: token))])
        #expect(machine.handle(.activityTokenChanged(activity: game, token: token)) == [])
        #expect(machine.handle(.reportSucceeded(.activityToken(activity: game, token: token))) == [])
        #expect(machine.handle(.activityTokenChanged(activity: game, token: token)) == [])
        #expect(machine.handle(.woke) == [])
    }

    @Test("A token rotated mid-game while the old one is on its way goes the moment that call settles")
    func rotationMidGame() {
        var machine = paired()
        _ = machine.handle(.activityAppeared(activity: game))
        _ = machine.handle(.activityTokenChanged(activity: game, token: token))
        #expect(machine.handle(.activityTokenChanged(activity: game, token: rotated)) == [])
        #expect(machine.handle(.reportSucceeded(.activityToken(activity: game, token: token))) == [.send(.activityToken(activity: game, token: rotated))])
        #expect(machine.handle(.reportSucceeded(.activityToken(activity: game, token: rotated))) == [])
        #expect(!machine.hasUnreported)
    }

    @Test("A token superseded before it went out is never sent")
    func supersededNeverSent() {
        var machine = paired()
        _ = machine.handle(.activityTokenChanged(activity: game, token: token))
        _ = machine.handle(.reportFailed(.activityToken(activity: game, token: token), .transient))
        #expect(machine.handle(.activityTokenChanged(activity: game, token: rotated)) == [.send(.activityToken(activity: game, token: rotated))])
    }

    @Test("A swipe is reported once; nothing more is reported for that activity")
    func dismissalOnce() {
        var machine = paired()
        _ = machine.handle(.activityTokenChanged(activity: game, token: token))
        _ = machine.handle(.reportSucceeded(.activityToken(activity: game, token: token)))
        #expect(machine.handle(.activityStateChanged(activity: game, state: .stale)) == [])
        #expect(machine.handle(.activityStateChanged(activity: game, state: .dismissed)) == [.send(.dismissal(activity: game))])
        #expect(machine.handle(.activityStateChanged(activity: game, state: .dismissed)) == [])
        #expect(machine.handle(.reportSucceeded(.dismissal(activity: game))) == [])
        #expect(machine.handle(.activityStateChanged(activity: game, state: .dismissed)) == [])
        #expect(machine.handle(.activityTokenChanged(activity: game, token: rotated)) == [])
        #expect(machine.handle(.woke) == [])
    }

    @Test("An activity that ended and was then removed by the system is not reported as swiped")
    func endedThenRemoved() {
        var machine = paired()
        _ = machine.handle(.activityTokenChanged(activity: game, token: token))
        _ = machine.handle(.reportSucceeded(.activityToken(activity: game, token: token)))
        #expect(machine.handle(.activityStateChanged(activity: game, state: .ended)) == [])
        #expect(machine.handle(.activityStateChanged(activity: game, state: .dismissed)) == [])
        #expect(machine.handle(.activityTokenChanged(activity: game, token: rotated)) == [])
    }

    @Test("With the server down, reports wait for the next wake and then go, newest token only")
    func serverDownThenBack() {
        var machine = paired()
        let first = machine.handle(.activityTokenChanged(activity: game, token: token))
        #expect(first == [.send(.activityToken(activity: game, token: token))])
        #expect(machine.handle(.reportFailed(.activityToken(activity: game, token: token), .transient)) == [])
        #expect(machine.handle(.pushToStartTokenChanged(start)) == [.send(.pushToStartToken(start))])
        #expect(machine.handle(.reportFailed(.pushToStartToken(start), .transient)) == [])
        // Nothing retries on its own: a suspended app has no timers.
        #expect(machine.hasUnreported)
        _ = machine.handle(.activityTokenChanged(activity: game, token: rotated))
        // Rotated while nothing was in flight: it goes at once (and fails again, server down).
        _ = machine.handle(.reportFailed(.activityToken(activity: game, token: rotated), .transient))
        _ = machine.handle(.activityStateChanged(activity: "1-2026w12-2", state: .dismissed))
        _ = machine.handle(.reportFailed(.dismissal(activity: "1-2026w12-2"), .transient))
        #expect(machine.handle(.woke) == [
            .send(.pushToStartToken(start)),
            .send(.activityToken(activity: game, token: rotated)),
            .send(.dismissal(activity: "1-2026w12-2")),
        ])
        // The same wake twice sends nothing twice.
        #expect(machine.handle(.woke) == [])
    }

    @Test("After a relaunch, unreported reports go on the first wake and reported ones do not")
    func survivesRelaunch() throws {
        var machine = paired()
        _ = machine.handle(.pushToStartTokenChanged(start))
        _ = machine.handle(.reportSucceeded(.pushToStartToken(start)))
        _ = machine.handle(.activityTokenChanged(activity: game, token: token))
        // The process dies with the token's call on the wire.
        let saved = try JSONEncoder().encode(machine)
        var relaunched = try JSONDecoder().decode(TokenReportingMachine.self, from: saved)
        // ActivityKit hands the current tokens over again after a launch.
        #expect(relaunched.handle(.pushToStartTokenChanged(start)) == [])
        #expect(relaunched.handle(.woke) == [.send(.activityToken(activity: game, token: token))])
    }

    @Test("A refused report is dropped, not retried")
    func rejectedDropped() {
        var machine = paired()
        _ = machine.handle(.activityTokenChanged(activity: game, token: token))
        #expect(machine.handle(.reportFailed(.activityToken(activity: game, token: token), .rejected)) == [])
        #expect(machine.handle(.woke) == [])
    }

    @Test("A device the server forgot asks for pairing once and reports nothing until paired again")
    func pairingLost() {
        var machine = paired()
        _ = machine.handle(.activityTokenChanged(activity: game, token: token))
        #expect(machine.handle(.reportFailed(.activityToken(activity: game, token: token), .unauthorized)) == [.pairAgain])
        #expect(machine.handle(.pushToStartTokenChanged(start)) == [])
        #expect(machine.handle(.woke) == [])
        // A new pairing is a new device: the running activity's token goes again.
        #expect(machine.handle(.paired(sentPushToStartToken: start)) == [.send(.activityToken(activity: game, token: token))])
    }

    @Test("Unpairing forgets the activities but holds the push-to-start token for the next pairing")
    func unpairing() {
        var machine = paired()
        _ = machine.handle(.pushToStartTokenChanged(start))
        _ = machine.handle(.reportSucceeded(.pushToStartToken(start)))
        _ = machine.handle(.activityTokenChanged(activity: game, token: token))
        #expect(machine.handle(.unpaired) == [])
        #expect(machine.pushToStartTokenForPairing == start)
        #expect(machine.handle(.woke) == [])
        #expect(machine.handle(.activityTokenChanged(activity: game, token: rotated)) == [])
    }

    @Test("Finished activities are forgotten past a bound, but not before their swipe is reported")
    func boundedMemory() {
        var machine = paired()
        _ = machine.handle(.activityStateChanged(activity: "keep", state: .dismissed))
        for n in 0..<40 {
            _ = machine.handle(.activityStateChanged(activity: "g\(n)", state: .ended))
        }
        #expect(machine.activities.count <= TokenReportingMachine.finishedKept + 1)
        #expect(machine.activities["keep"]?.dismissal == .pending)
    }
}
