import SwiftUI
import WidgetKit
import SidelineActivity

/// Dynamic Island, expanded centre: the margin or the result, and the win chance under it
/// when the server sent one.
struct ExpandedCenterView: View {
    let context: ActivityViewContext<LiveActivityAttributes>

    var body: some View {
        VStack(spacing: 2) {
            if let highlight = context.state.highlight {
                Text(highlight.league).font(.caption2).lineLimit(1).foregroundStyle(WidgetColors.secondary)
            }
            Text(context.state.expanded.center)
                .font(.headline)
                .lineLimit(1)
            if let winChance = context.state.winChance {
                WinChanceText(text: winChance)
            }
        }
    }
}
