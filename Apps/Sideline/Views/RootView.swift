import SwiftUI

/// Onboarding until the phone is paired, then the games and the settings.
struct RootView: View {
    @Environment(AppModel.self) private var model

    var body: some View {
        switch model.phase {
        case .starting:
            ProgressView()
        case .onboarding:
            OnboardingView()
        case .paired(let credentials):
            TabView {
                ActivitiesView()
                    .tabItem { Label(AppCopy.activitiesTitle, systemImage: "sportscourt") }
                SettingsView(credentials: credentials)
                    .tabItem { Label(AppCopy.settingsTitle, systemImage: "gear") }
            }
        }
    }
}

#Preview {
    RootView().environment(AppModel(services: .preview()))
}
