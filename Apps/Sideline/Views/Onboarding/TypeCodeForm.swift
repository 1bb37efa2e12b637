import SwiftUI
import SidelineDeviceClient

/// The code and the server's address, checked before any call (failed logins are throttled).
struct TypeCodeForm: View {
    let onPair: (PairingInvitation) async -> Void
    @State private var code = ""
    @State private var server = ""
    @State private var problem: String?
    @State private var pairing = false

    var body: some View {
        TextField(AppCopy.codeField, text: $code)
            .textInputAutocapitalization(.characters)
            .autocorrectionDisabled()
        TextField(AppCopy.serverField, text: $server)
            .keyboardType(.URL)
            .textInputAutocapitalization(.never)
            .autocorrectionDisabled()
        if let problem { Text(problem).foregroundStyle(.red) }
        Button(AppCopy.pairButton) {
            do {
                let invitation = try PairingInvitation(code: code, server: server)
                problem = nil
                pairing = true
                Task {
                    await onPair(invitation)
                    pairing = false
                }
            } catch {
                problem = error.localizedDescription
            }
        }
        .disabled(pairing || code.isEmpty || server.isEmpty)
    }
}
