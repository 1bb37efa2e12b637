import SwiftUI
import WidgetKit
import SidelineActivity

/// Dynamic Island, expanded trailing: the opponent's short name (none on a bye) over the
/// server's trailing text.
struct ExpandedTrailingView: View {
    let context: ActivityViewContext<LiveActivityAttributes>

    var body: some View {
        VStack(alignment: .trailing) {
            if let opponent = context.state.highlight.map({ $0.opponentTeam }) ?? context.attributes.opponentTeamShortName {
                Text(opponent).font(.caption).lineLimit(1)
            }
            ScoreText(text: context.state.expanded.trailing)
                .font(.title3.weight(.semibold))
        }
    }
}
