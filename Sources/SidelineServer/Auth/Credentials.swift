import Crypto
import Foundation
import SidelineCore

/// Pairing codes, device secrets and their hashes. Only SHA-256 hashes are stored; a stored
/// hash is compared in constant time.
public enum Credentials {
    /// 32 symbols without look-alikes (no I, O, 0, 1): 8 of them are 40 random bits, plenty
    /// for a code that works once, for minutes, behind a slowed-down login.
    static let codeAlphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    static let codeLength = 8

    /// A new pairing code as people read it, `ABCD-EFGH`.
    public static func newPairingCode() -> String {
        var generator = SystemRandomNumberGenerator()
        let symbols = (0..<codeLength).map { _ in codeAlphabet[Int(generator.next(upperBound: UInt32(codeAlphabet.count)))] }
        return String(symbols[0..<4]) + "-" + String(symbols[4...])
    }

    /// The code as typed, normalised (case, dashes and spaces do not matter); `nil` when it
    /// cannot be a code at all.
    public static func normalizedPairingCode(_ text: String) -> String? {
        let symbols = text.uppercased().filter { $0 != "-" && $0 != " " }
        guard symbols.count == codeLength, symbols.allSatisfy(codeAlphabet.contains) else { return nil }
        return symbols
    }

    /// The stored form of a pairing code.
    public static func pairingCodeHash(_ normalized: String) -> String { sha256Hex("pairing:" + normalized) }

    /// A new device secret: the device id, a dot, and 256 random bits (base64url). The id
    /// in front lets the server find the device's hash without searching by secret.
    static func newDeviceSecret(deviceID: String, random: [UInt8]) -> String {
        deviceID + "." + Data(random).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func randomBytes(_ count: Int = 32) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// The device id a secret names, if it has the shape of one.
    static func deviceID(inSecret secret: String) -> String? {
        guard secret.count <= 200, let dot = secret.firstIndex(of: ".") else { return nil }
        let id = String(secret[..<dot])
        guard DeviceID.isWellFormed(id) else { return nil }
        return id
    }

    static func secretHash(_ secret: String) -> String { sha256Hex("device:" + secret) }

    static func sha256Hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Equal strings in a time that depends only on their lengths.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }

    /// Compares a presented token with the configured one through their hashes, so even the
    /// lengths compared are equal.
    static func tokenMatches(_ presented: String, expected: String) -> Bool {
        constantTimeEqual(sha256Hex(presented), sha256Hex(expected))
    }
}
