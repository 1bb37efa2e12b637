import SwiftUI
import UIKit
import SidelineDeviceClient

/// Scan the QR code `sideline devices invite` printed, or type the code and the server.
struct OnboardingView: View {
    @Environment(AppModel.self) private var model
    @State private var scanning = false
    @State private var inputProblem: String?

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Text(AppCopy.onboardingBody)
                    Button(AppCopy.scanButton) { scanning = true }
                }
                Section(AppCopy.typeButton) {
                    TypeCodeForm { invitation in await pair(invitation) }
                }
                if let problem = inputProblem ?? model.problem {
                    Section { Text(problem).foregroundStyle(.red) }
                }
            }
            .navigationTitle(AppCopy.onboardingTitle)
            .sheet(isPresented: $scanning) {
                ScanCodeSheet { scanned in
                    scanning = false
                    do {
                        let invitation = try PairingInvitation(scanned: scanned)
                        Task { await pair(invitation) }
                    } catch {
                        inputProblem = error.localizedDescription
                    }
                }
            }
            .task(id: model.openedInvitation) {
                if let invitation = model.openedInvitation { await pair(invitation) }
            }
        }
    }

    private func pair(_ invitation: PairingInvitation) async {
        inputProblem = nil
        await model.pair(invitation, deviceName: UIDevice.current.name)
    }
}

#Preview {
    OnboardingView().environment(AppModel(services: .preview(paired: false)))
}
