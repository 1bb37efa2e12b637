import SwiftUI
import WidgetKit
import SidelineActivity

/// Dynamic Island, expanded centre: the margin or the result.
struct ExpandedCenterView: View {
    let context: ActivityViewContext<LiveActivityAttributes>

    var body: some View {
        Text(context.state.expanded.center)
            .font(.headline)
            .lineLimit(1)
    }
}
