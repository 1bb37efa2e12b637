import SwiftUI
import SidelineDeviceClient

/// One running matchup, in the server's words (the same lines as the Lock Screen).
struct ActivityRowView: View {
    let state: ActivityState

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(state.attributes.title).font(.headline)
            Text(state.attributes.subtitle).font(.subheadline).foregroundStyle(.secondary)
            Text(state.contentState.lockScreen.headline)
                .font(.title3.monospacedDigit())
                .foregroundStyle(SentimentColor.color(for: state.contentState.sentiment))
            Text(state.contentState.lockScreen.detail).font(.footnote)
            Text(state.contentState.lockScreen.footer).font(.caption).foregroundStyle(.secondary)
            if state.dismissed { Text(AppCopy.dismissedBadge).font(.caption2).foregroundStyle(.secondary) }
        }
    }
}

#Preview {
    List { ActivityRowView(state: FakeMyActivities.live.activities[0]) }
}
