import Foundation
import SidelineCore
import SidelineStore

/// Why a pairing was refused. Nothing is stored when one is thrown.
public struct PairingError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable { case invalid, unknownCode, expired, used, noLongerRegistered }
    public let kind: Kind
    public let message: String
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
    public var description: String { message }
}

/// A pairing code made by `sideline devices invite`, shown once.
public struct PairingInvite: Sendable, Hashable {
    public let code: String
    public let sleeperUserID: String
    public let username: String
    public let expiresAt: Date
}

/// Pairing and bearer secrets for the device API. Hashing is the caller's (the server module
/// holds the crypto): the service only ever sees and stores hashes.
extension DeviceService {
    /// The longest device name kept (a label for listings).
    public static let maximumNameLength = 64

    /// Stores a pairing code for a registered user. `codeHash` is the hash of `code`.
    public func invite(user usernameOrID: String, code: String, codeHash: String, lifetime: TimeInterval, at now: Date) throws(DeviceError) -> PairingInvite {
        let user = try registeredUser(usernameOrID)
        let expiresAt = now.addingTimeInterval(lifetime)
        try storeCall { () throws(StoreError) in try store.addPairingCode(codeHash: codeHash, sleeperUserID: user.id, expiresAt: expiresAt, at: now) }
        return PairingInvite(code: code, sleeperUserID: user.id, username: user.username, expiresAt: expiresAt)
    }

    /// Redeems a pairing code: checks the token and name first, then consumes the code and
    /// adds the device in one transaction. `secretHash` gets the new device's id.
    public func pair(codeHash: String, name: String?, pushToStartToken: String?, environment: PushEnvironment, secretHash: (String) -> String, at now: Date) throws(PairingError) -> Device {
        let token: String?
        do {
            token = try pushToStartToken.map { text throws(DeviceError) in try Self.validToken(text, what: "push-to-start token") }
        } catch {
            throw PairingError(.invalid, error.message)
        }
        let label = try Self.validName(name)
        let outcome: PairingRedemption
        do {
            outcome = try store.redeemPairingCode(codeHash: codeHash, name: label, environment: environment, pushToStartToken: token, secretHash: secretHash, at: now)
        } catch {
            throw PairingError(.invalid, error.message)
        }
        switch outcome {
        case .paired(let device): return device
        case .userGone: throw PairingError(.noLongerRegistered, Messages.Server.pairingUserGone)
        case .unknown: throw PairingError(.unknownCode, Messages.Server.pairingCodeUnknown)
        case .expired: throw PairingError(.expired, Messages.Server.pairingCodeExpired)
        case .used: throw PairingError(.used, Messages.Server.pairingCodeUsed)
        }
    }

    /// The device whose stored secret hash `matches` accepts; `nil` for an unknown or removed
    /// device or a device without a secret (added by the CLI).
    public func device(id: String, secretMatches matches: (String) -> Bool) throws(DeviceError) -> Device? {
        guard let hash = try storeCall({ () throws(StoreError) in try store.deviceSecretHash(id: id) }), matches(hash) else { return nil }
        return try storeCall { () throws(StoreError) in try store.device(id: id) }
    }

    /// A device label: trimmed, 1–64 characters, no control characters; `nil` means "iPhone".
    static func validName(_ name: String?) throws(PairingError) -> String {
        guard let name else { return "iPhone" }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= maximumNameLength, !trimmed.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) else {
            throw PairingError(.invalid, Messages.Server.badDeviceName(maximum: maximumNameLength))
        }
        return trimmed
    }
}
