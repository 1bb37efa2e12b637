import Foundation

/// A code and the server to use it on, from the QR code `sideline devices invite` prints
/// (`sideline://pair?code=K7PQ-2XWZ&server=https://sideline.example.com`) or typed.
public struct PairingInvitation: Hashable, Sendable {
    public let code: PairingCode
    public let server: ServerAddress

    /// A typed code and server address.
    public init(code: String, server: String) throws(PairingInputError) {
        guard let code = PairingCode(code) else { throw .malformedCode }
        self.code = code
        self.server = try ServerAddress(server)
    }

    /// A scanned link. `fallbackServer` is what the person typed (or the server already
    /// known) for a link without `server=`, which the server prints when it has no
    /// `server.public_url`.
    public init(link: URL, fallbackServer: String? = nil) throws(PairingInputError) {
        guard link.scheme?.lowercased() == "sideline", link.host?.lowercased() == "pair",
              let components = URLComponents(url: link, resolvingAgainstBaseURL: false)
        else { throw .notAPairingLink }
        let items = components.queryItems ?? []
        guard let code = items.first(where: { $0.name == "code" })?.value else { throw .malformedCode }
        let server = items.first(where: { $0.name == "server" })?.value ?? fallbackServer
        guard let server else { throw .missingServer }
        try self.init(code: code, server: server)
    }

    /// A scanned string: what a QR code scanner hands over.
    public init(scanned text: String, fallbackServer: String? = nil) throws(PairingInputError) {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw .notAPairingLink }
        try self.init(link: url, fallbackServer: fallbackServer)
    }
}
