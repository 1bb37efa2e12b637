import SwiftUI
import WidgetKit
import SidelineActivity

/// Dynamic Island, expanded leading: this person's short team name over their score.
struct ExpandedLeadingView: View {
    let context: ActivityViewContext<LiveActivityAttributes>

    var body: some View {
        VStack(alignment: .leading) {
            // A person's activity names the highlighted matchup's teams in the state (schema 3).
            Text(context.state.highlight?.myTeam ?? context.attributes.myTeamShortName).font(.caption).lineLimit(1)
            ScoreText(text: context.state.expanded.leading)
                .font(.title3.weight(.semibold))
                .foregroundStyle(SentimentColor.color(for: context.state.sentiment))
        }
    }
}
