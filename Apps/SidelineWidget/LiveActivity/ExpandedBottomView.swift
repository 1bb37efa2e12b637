import SwiftUI
import WidgetKit
import SidelineActivity

/// Dynamic Island, expanded bottom: players and who is scoring, or the stale text.
struct ExpandedBottomView: View {
    let context: ActivityViewContext<LiveActivityAttributes>

    var body: some View {
        Text(context.isStale ? context.state.staleText : context.state.expanded.bottom)
            .font(.caption)
            .foregroundStyle(WidgetColors.secondary)
            .lineLimit(2)
    }
}
