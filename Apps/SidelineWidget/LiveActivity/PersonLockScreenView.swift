import SwiftUI
import WidgetKit
import SidelineActivity

/// The Lock Screen of a person's activity: the person's title and summary, one row per
/// league (name, score, who leads, the win chance when known) in the server's order, and
/// "+N more" for the leagues that did not fit. Every word comes from the push.
struct PersonLockScreenView: View {
    let context: ActivityViewContext<LiveActivityAttributes>
    let leagues: [LiveActivityLeagueRow]

    var body: some View {
        VStack(alignment: .leading, spacing: 3) {
            HStack(alignment: .firstTextBaseline) {
                Text(context.attributes.title).font(.headline).lineLimit(1)
                Spacer(minLength: 4)
                if let summary = context.state.summary {
                    Text(summary).font(.caption).foregroundStyle(WidgetColors.secondary).lineLimit(1)
                }
            }
            ForEach(leagues, id: \.id) { row in
                PersonLeagueRowView(row: row)
            }
            HStack {
                if let more = context.state.moreLeagues {
                    Text(more.text).font(.caption2).foregroundStyle(WidgetColors.secondary)
                }
                Spacer(minLength: 0)
                Text(context.isStale ? context.state.staleText : context.state.asOf)
                    .font(.caption2)
                    .foregroundStyle(WidgetColors.secondary)
                    .lineLimit(1)
            }
        }
        .foregroundStyle(WidgetColors.foreground)
        .padding(12)
    }
}

/// One league of a person's Lock Screen, on one line.
struct PersonLeagueRowView: View {
    let row: LiveActivityLeagueRow

    var body: some View {
        HStack(spacing: 6) {
            Text(row.league).font(.caption).lineLimit(1)
            Spacer(minLength: 4)
            if let winChance = row.winChance {
                WinChanceText(text: winChance)
            }
            ScoreText(text: row.score).font(.caption.weight(.semibold))
            Text(row.status)
                .font(.caption.weight(.semibold))
                .foregroundStyle(SentimentColor.color(for: row.sentiment))
                .lineLimit(1)
        }
    }
}
