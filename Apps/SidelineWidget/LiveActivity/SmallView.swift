import SwiftUI
import WidgetKit
import SidelineActivity

/// The Apple Watch Smart Stack and CarPlay: the score line and one short line.
struct SmallView: View {
    let context: ActivityViewContext<LiveActivityAttributes>

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            ScoreText(text: context.state.small.headline)
                .font(.headline)
                .foregroundStyle(SentimentColor.color(for: context.state.sentiment))
            Text(context.isStale ? context.state.staleText : context.state.small.detail)
                .font(.caption)
                .lineLimit(1)
        }
    }
}
