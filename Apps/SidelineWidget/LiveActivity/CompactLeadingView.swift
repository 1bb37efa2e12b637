import SwiftUI
import WidgetKit
import SidelineActivity

/// Dynamic Island, compact leading: this person's score.
struct CompactLeadingView: View {
    let context: ActivityViewContext<LiveActivityAttributes>

    var body: some View {
        ScoreText(text: context.state.compactLeading)
            .foregroundStyle(SentimentColor.color(for: context.state.sentiment))
    }
}
