import ArgumentParser
import Foundation
import SidelineCore
import SidelineEngine
import SidelineServer
import SidelineDelivery
import SidelineWiring

extension DevicesCommand {
    /// `sideline devices invite <user>`: a one-time pairing code for the iOS app.
    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a one-time pairing code (and its QR code) for a registered user's phone.",
            discussion: """
                The app posts the code once, with its push-to-start token, to POST /v1/devices and \
                gets a device id and secret. The code expires after server.pairing_minutes (default \
                15) and works once; only its hash is stored. The QR code holds \
                sideline://pair?code=…&server=<server.public_url>.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The Sleeper username or user id (already registered with `sideline users add`).", valueName: "sleeper-user"))
        var user: String

        @Flag(name: .customLong("no-qr"), help: "Do not draw the QR code.")
        var noQR = false

        @Flag(help: "Print one JSON object (code, user, expires_at, pairing_url) instead of text.")
        var json = false

        func run() async throws {
            try await reportingFailures {
                let configuration = try global.loadConfiguration()
                let wiring = try Wiring.open(configuration)
                let code = Credentials.newPairingCode()
                guard let normalized = Credentials.normalizedPairingCode(code) else { throw CLIFailure("could not make a pairing code", code: .database) }
                let invite: PairingInvite
                do {
                    invite = try DeviceService(store: wiring.store).invite(
                        user: user, code: code, codeHash: Credentials.pairingCodeHash(normalized),
                        lifetime: configuration.server.pairingLifetime, at: Date()
                    )
                } catch {
                    throw CLIFailure("\(error)", code: .refused)
                }
                let link = Self.pairingURL(code: invite.code, server: configuration.server.publicURL)
                let expires = EventEnvelope.timestamp(invite.expiresAt)
                if json {
                    try printJSON(["code": invite.code, "user": invite.username, "sleeper_user_id": invite.sleeperUserID, "expires_at": expires, "pairing_url": link])
                    return
                }
                print(Messages.Server.invite(code: invite.code, user: invite.username, expires: expires))
                if !noQR, let qr = QRCode(text: link) {
                    print("")
                    print(qr.terminalText())
                    print(link)
                    if configuration.server.publicURL == nil { print(Messages.Server.inviteNoPublicURL) }
                }
            }
        }

        static func pairingURL(code: String, server: URL?) -> String {
            var components = URLComponents()
            components.scheme = "sideline"
            components.host = "pair"
            components.queryItems = [URLQueryItem(name: "code", value: code)] + (server.map { [URLQueryItem(name: "server", value: $0.absoluteString)] } ?? [])
            return components.string ?? "sideline://pair?code=\(code)"
        }
    }
}
