import SwiftUI
import WidgetKit
import SidelineActivity

/// Dynamic Island, minimal: always live data (the margin), never a static logo. For a
/// person's activity the server sends the highlighted league's margin here.
struct MinimalView: View {
    let context: ActivityViewContext<LiveActivityAttributes>

    var body: some View {
        ScoreText(text: context.state.minimal)
            .font(.caption2)
            .minimumScaleFactor(0.6)
            .foregroundStyle(SentimentColor.color(for: context.state.sentiment))
    }
}
