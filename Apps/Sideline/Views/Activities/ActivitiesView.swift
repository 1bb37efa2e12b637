import SwiftUI
import SidelineDeviceClient

/// What is running for this person, from the server (`GET /v1/me/activities`): the cached
/// list first, polled at the server's pace while on screen.
struct ActivitiesView: View {
    @Environment(AppModel.self) private var model

    var body: some View {
        NavigationStack {
            List {
                if let source = model.activities {
                    if let problem = source.problem { Text(problem).foregroundStyle(.secondary) }
                    if let activities = source.data?.activities, !activities.isEmpty {
                        ForEach(activities) { ActivityRowView(state: $0) }
                    } else {
                        Text(AppCopy.noActivities).foregroundStyle(.secondary)
                    }
                }
            }
            .navigationTitle(AppCopy.activitiesTitle)
            .refreshable { await model.activities?.refresh() }
            .task { await model.activities?.poll() }
        }
    }
}

#Preview {
    ActivitiesView().environment(AppModel(services: .preview()))
}
