import SwiftUI

/// Reads nothing, builds the services, shows the root view: everything else is elsewhere.
@main
struct SidelineApp: App {
    @State private var model = AppModel(services: .live())
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            RootView()
                .environment(model)
                .task { await model.start() }
                .onOpenURL { url in Task { await model.open(url) } }
                .onChange(of: scenePhase) { _, phase in
                    // A suspended app runs no timers: coming back is when unreported
                    // tokens and dismissals are sent again.
                    if phase == .active { Task { await model.woke() } }
                }
        }
    }
}
