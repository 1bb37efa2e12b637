import SwiftUI
import WidgetKit
import SidelineActivity

/// The Lock Screen and StandBy: the title, the server's three lines (the win chance beside
/// the headline when the server sent one), and its stale text instead of the footer once
/// the system marks the activity stale.
struct LockScreenView: View {
    let context: ActivityViewContext<LiveActivityAttributes>

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(context.attributes.title)
                .font(.headline)
                .lineLimit(1)
            HStack(alignment: .firstTextBaseline, spacing: 8) {
                ScoreText(text: context.state.lockScreen.headline)
                    .font(.title2.weight(.semibold))
                    .foregroundStyle(SentimentColor.color(for: context.state.sentiment))
                    .layoutPriority(1)
                if let winChance = context.state.winChance {
                    Spacer(minLength: 0)
                    WinChanceText(text: winChance)
                }
            }
            Text(context.state.lockScreen.detail)
                .font(.subheadline)
                .lineLimit(1)
            Text(context.isStale ? context.state.staleText : context.state.lockScreen.footer)
                .font(.caption)
                .foregroundStyle(WidgetColors.secondary)
                .lineLimit(1)
        }
        .foregroundStyle(WidgetColors.foreground)
        .padding(14)
    }
}
