import SwiftUI
import SidelineDeviceClient

/// The server this phone is paired with, and unpairing.
struct SettingsView: View {
    let credentials: DeviceCredentials
    @Environment(AppModel.self) private var model
    @State private var confirming = false

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    LabeledContent(AppCopy.serverLabel, value: credentials.server.absoluteString)
                    LabeledContent(AppCopy.deviceLabel, value: credentials.deviceID)
                    LabeledContent(AppCopy.environmentLabel, value: credentials.environment.rawValue)
                }
                if model.hasUnreportedTokens {
                    Section { Text(ClientMessages.reportsPending).foregroundStyle(.secondary) }
                }
                Section {
                    Button(AppCopy.unpairButton, role: .destructive) { confirming = true }
                    if let problem = model.problem {
                        Text(problem).foregroundStyle(.red)
                        Button(AppCopy.forgetButton, role: .destructive) { Task { await model.forget() } }
                    }
                }
            }
            .navigationTitle(AppCopy.settingsTitle)
            .confirmationDialog(AppCopy.unpairConfirm, isPresented: $confirming, titleVisibility: .visible) {
                Button(AppCopy.unpairButton, role: .destructive) { Task { await model.unpair() } }
            }
        }
    }
}
