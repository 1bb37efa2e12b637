import SwiftUI
import SidelineDeviceClient

/// One running activity, in the server's words (the same lines as the Lock Screen): one
/// matchup, or a person's leagues as rows with their summary.
struct ActivityRowView: View {
    let state: ActivityState

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(state.attributes.title).font(.headline)
            Text(state.attributes.subtitle).font(.subheadline).foregroundStyle(.secondary)
            if let leagues = state.personLeagues {
                if let summary = state.contentState.summary { Text(summary).font(.subheadline) }
                ForEach(leagues, id: \.id) { row in
                    HStack {
                        Text(row.league).font(.footnote).lineLimit(1)
                        Spacer()
                        Text(row.score).font(.footnote.monospacedDigit())
                        Text(row.status).font(.footnote.weight(.semibold)).foregroundStyle(SentimentColor.color(for: row.sentiment))
                    }
                }
                if let more = state.contentState.moreLeagues { Text(more.text).font(.caption).foregroundStyle(.secondary) }
            } else {
                Text(state.contentState.lockScreen.headline)
                    .font(.title3.monospacedDigit())
                    .foregroundStyle(SentimentColor.color(for: state.contentState.sentiment))
                Text(state.contentState.lockScreen.detail).font(.footnote)
                Text(state.contentState.lockScreen.footer).font(.caption).foregroundStyle(.secondary)
            }
            if state.dismissed { Text(AppCopy.dismissedBadge).font(.caption2).foregroundStyle(.secondary) }
        }
    }
}

#Preview {
    List {
        ActivityRowView(state: FakeMyActivities.live.activities[0])
        ActivityRowView(state: FakeMyActivities.person.activities[0])
    }
}
