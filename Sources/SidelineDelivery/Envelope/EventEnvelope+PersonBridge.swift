import Foundation
import SidelineCore

// TEMPORARY bridge (replaced by the person display work before this lands): a person
// event as its highlighted league's event.
extension EventEnvelope {
    public init(_ event: PersonEvent, person: PersonIdentity, leagues: [Int64: Registration], mode: PassMode,
                display: DisplayContext, previous: PersonView?, lastMomentAt: Date?) {
        let highlighted = event.view.highlighted
        let registration = highlighted.flatMap { leagues[$0.registrationID] } ?? leagues.values.sorted { $0.id < $1.id }[0]
        self.init(event.highlightEvent, registration: registration, mode: mode, display: display, previous: previous?.highlighted?.view)
    }
}

extension ActivityEvent where View == PersonView {
    /// The event as its highlighted league's (what device codings read today).
    public var highlightEvent: LifecycleEvent {
        let view = self.view.highlighted?.view ?? MatchupView(leagueName: "", season: "", week: 0, me: LineupView(rosterID: 0, teamName: "", points: 0, starters: []), opponent: nil)
        return LifecycleEvent(kind: kind, reason: reason, at: at, activityID: activityID, view: view, phase: phase, isWinSwing: isWinSwing)
    }
}
