import Foundation
import Testing
@testable import SidelineCore

@Suite("Push policy")
struct DisplayPushPolicyTests {
    typealias F = DisplayFixtures
    let at = F.now

    /// Sunday night: one starter each still playing, nobody left to play.
    func lateView(mine: Double, theirs: Double) -> MatchupView {
        F.matchup(
            F.lineup(1, "Gridiron Gang", mine, [
                F.player("Patrick Mahomes", "QB", "KC", 20, .playing),
                F.player("Travis Kelce", "TE", "KC", 10, .done),
            ]),
            F.lineup(2, "Taco Tuesday", theirs, [
                F.player("Josh Allen", "QB", "BUF", 20, .playing),
                F.player("Tyreek Hill", "WR", "MIA", 10, .done),
            ])
        )
    }

    func decide(_ kind: LifecycleEventKind, _ reason: LifecycleReason, _ previous: MatchupView?, _ current: MatchupView, _ phase: DisplayPhase = .live) -> PushDecision {
        PushPolicy.decide(kind: kind, reason: reason, previous: previous, current: current, phase: phase, at: at)
    }

    @Test("A kickoff start is priority 5 with a quiet alert")
    func kickoffStart() {
        let decision = decide(.start, .kickoff, nil, DisplayScenario.liveWinning.view)
        #expect(decision.priority == 5)
        #expect(decision.alert == PushAlert(title: "Gridiron Gang vs Taco Tuesday", body: "Kickoff — 3 playing, 2 to play", sound: nil))
        #expect(decision.staleDate == at + 30 * 60)
        #expect(decision.dismissalDate == nil)
    }

    @Test("A rollover start is quieter still and reads as a continuation")
    func rolloverStart() {
        let decision = decide(.start, .rollover, nil, DisplayScenario.liveWinning.view)
        #expect(decision.priority == 5)
        #expect(decision.alert == PushAlert(title: "Gridiron Gang vs Taco Tuesday", body: "Still following — 87.4 – 72.1", sound: nil))
    }

    @Test("Points moving without a lead change: priority 5, no alert")
    func routineUpdate() {
        let decision = decide(.update, .points, DisplayScenario.liveWinning.view, DisplayScenario.hiddenLead.view)
        #expect(decision.priority == 5)
        #expect(decision.alert == nil)
        #expect(decision.staleDate == at + 30 * 60)
    }

    @Test("An early lead change is priority 10 but makes no alert")
    func earlyLeadChange() {
        let decision = decide(.update, .points, DisplayScenario.liveLosingMondayNext.view, DisplayScenario.liveWinning.view)
        #expect(decision.priority == 10)
        #expect(decision.alert == nil)
    }

    @Test("A late lead change alerts, without sound, either way")
    func lateLeadChange() {
        let ahead = decide(.update, .points, lateView(mine: 90, theirs: 95), lateView(mine: 96, theirs: 95))
        #expect(ahead.priority == 10)
        #expect(ahead.alert == PushAlert(title: "Gridiron Gang vs Taco Tuesday", body: "In front late — 96.0 – 95.0", sound: nil))
        let behind = decide(.update, .points, lateView(mine: 96, theirs: 95), lateView(mine: 96, theirs: 97.5))
        #expect(behind.priority == 10)
        #expect(behind.alert?.body == "Behind late — 96.0 – 97.5")
    }

    @Test("Reaching a tie, or leaving one, is not a lead change")
    func tiesAreNotLeadChanges() {
        let toTie = decide(.update, .points, lateView(mine: 90, theirs: 95), lateView(mine: 95, theirs: 95))
        let fromTie = decide(.update, .points, lateView(mine: 95, theirs: 95), lateView(mine: 96, theirs: 95))
        #expect(toTie.priority == 5 && toTie.alert == nil)
        #expect(fromTie.priority == 5 && fromTie.alert == nil)
    }

    @Test("The decided final is priority 10 with the result and a sound")
    func decidedFinal() {
        let decision = decide(.end, .graceExpired, nil, DisplayScenario.finalWon.view, .ended)
        #expect(decision.priority == 10)
        #expect(decision.alert == PushAlert(title: "Gridiron Gang vs Taco Tuesday", body: "Won 112.4 – 98.7", sound: "default"))
        #expect(decision.staleDate == nil)
        #expect(decision.dismissalDate == at + 30 * 60)
    }

    @Test("A final while the opponent still plays is priority 10, says so, and stays silent")
    func undecidedFinal() {
        let decision = decide(.end, .graceExpired, nil, DisplayScenario.finalTheyStillPlay.view, .ended)
        #expect(decision.priority == 10)
        #expect(decision.alert?.body == "Your starters are done — 112.4 – 98.7, they have 2 to play")
        #expect(decision.alert?.sound == nil)
    }

    @Test("Ends for removal or rollover are quiet and dismiss at once")
    func quietEnds() {
        for reason in [LifecycleReason.removed, .rollover] {
            let decision = decide(.end, reason, nil, DisplayScenario.liveWinning.view, .ended)
            #expect(decision.priority == 5)
            #expect(decision.alert == nil)
            #expect(decision.dismissalDate == at)
        }
    }

    @Test("A keep-alive is due after ten quiet minutes, not before")
    func keepAlive() {
        #expect(!PushPolicy.keepAliveDue(lastSentAt: at, now: at + 599))
        #expect(PushPolicy.keepAliveDue(lastSentAt: at, now: at + 600))
        let decision = PushPolicy.keepAlive(current: DisplayScenario.liveWinning.view, phase: .live, at: at)
        #expect(decision.priority == 5 && decision.alert == nil)
        #expect(decision.staleDate == at + 30 * 60)
        // A healthy server sends a keep-alive long before the last stale date passes.
        #expect(PushPolicy.staleAfter >= 3 * PushPolicy.keepAliveInterval)
    }

    @Test("Relevance: live beats grace beats ended; close and busy beats a blowout")
    func relevance() {
        let close = PushPolicy.relevanceScore(lateView(mine: 95, theirs: 95.5), phase: .live)
        let blowout = PushPolicy.relevanceScore(lateView(mine: 150, theirs: 60), phase: .live)
        let grace = PushPolicy.relevanceScore(DisplayScenario.graceTheyHaveTwoToPlay.view, phase: .grace)
        let ended = PushPolicy.relevanceScore(DisplayScenario.finalWon.view, phase: .ended)
        #expect(close > blowout)
        #expect(blowout > grace)
        #expect(grace > ended)
        #expect((0...100).contains(close) && (0...100).contains(ended))
        #expect(close == 84.7)
    }
}
