import SwiftUI
import WidgetKit
import SidelineActivity

/// A person's activity (rows in the state, schema 3) gets the multi-league Lock Screen;
/// every other activity the one-matchup Lock Screen.
struct LockScreenChoiceView: View {
    let context: ActivityViewContext<LiveActivityAttributes>

    var body: some View {
        if let leagues = context.state.leagues {
            PersonLockScreenView(context: context, leagues: leagues)
        } else {
            LockScreenView(context: context)
        }
    }
}
