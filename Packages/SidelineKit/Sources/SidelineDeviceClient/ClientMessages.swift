/// Every sentence the client library shows a person, in one place (house style 11).
public enum ClientMessages {
    static func describe(_ error: DeviceAPIError) -> String {
        switch error {
        case .pairingCodeInvalid:
            "That pairing code is not known to the server. Check it, or make a new one with `sideline devices invite`."
        case .pairingCodeUsed:
            "That pairing code was already used. Make a new one with `sideline devices invite`."
        case .pairingCodeExpired:
            "That pairing code expired. Make a new one with `sideline devices invite` and use it within 15 minutes."
        case .unauthorized:
            "The server no longer knows this iPhone (it was removed, or the server's database was reset). Pair again."
        case .forbidden:
            "The server says this activity belongs to someone else."
        case .notFound:
            "The server has no such activity any more."
        case .invalidInput(let message):
            "The server refused what the app sent: \(message.isEmpty ? "no reason given" : message). Please report this."
        case .tooManyAttempts(let seconds):
            "Too many failed attempts from this network. Try again \(seconds.map { "in \($0) s" } ?? "in a minute")."
        case .serverUnavailable(let status):
            "The server could not answer just now (HTTP \(status)). Try again in a few minutes."
        case .unreachable(let reason):
            "The server cannot be reached: \(reason). Check the server address and your connection."
        case .unexpected(let status, let code, let message):
            "The server answered HTTP \(status)\(code.map { " (\($0))" } ?? "")\(message.map { ": \($0)" } ?? ""), which this app does not understand. Is the app up to date?"
        }
    }

    static func describe(_ error: PairingInputError) -> String {
        switch error {
        case .notAPairingLink:
            "That is not a Sideline pairing code. Scan the QR code `sideline devices invite` printed."
        case .malformedCode:
            "A pairing code is 8 letters and digits, like K7PQ-2XWZ."
        case .missingServer:
            "Enter the server's address, e.g. https://sideline.example.com."
        case .malformedServer:
            "The server's address must be a URL like https://sideline.example.com."
        case .insecureServer:
            "Use https:// for the server. Plain http:// works only for an address on your local network."
        }
    }

    /// Shown in the app when a report could not be sent and waits for the next wake.
    public static let reportsPending = "Some updates for the server are waiting; they will be sent when it can be reached."
}
