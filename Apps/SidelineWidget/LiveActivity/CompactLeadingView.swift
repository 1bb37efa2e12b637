import SwiftUI
import WidgetKit
import SidelineActivity

/// Dynamic Island, compact leading: this person's score (a person's activity: the
/// highlighted league's, which the server puts here).
struct CompactLeadingView: View {
    let context: ActivityViewContext<LiveActivityAttributes>

    var body: some View {
        ScoreText(text: context.state.compactLeading)
            .foregroundStyle(SentimentColor.color(for: context.state.sentiment))
    }
}
