import Foundation
import GRDB
import SidelineCore

/// How redeeming a pairing code went. Only `.paired` stored anything.
public enum PairingRedemption: Sendable, Hashable {
    case paired(Device)
    /// No such code (mistyped, or made up).
    case unknown
    case expired
    /// The code already paired a device: codes work once.
    case used
    /// The user's registrations were removed since the invite: the device would serve nobody.
    case userGone
}

extension SQLiteStore {
    /// Stores a new pairing code (its hash) for a Sleeper user.
    public func addPairingCode(codeHash: String, sleeperUserID: String, expiresAt: Date, at now: Date) throws(StoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM pairing_code WHERE expires_at < ? AND used_at IS NULL", arguments: [now.seconds - 86_400])
            try db.execute(sql: """
                INSERT INTO pairing_code (code_hash, sleeper_user_id, created_at, expires_at) VALUES (?, ?, ?, ?)
                """, arguments: [codeHash, sleeperUserID, now.seconds, expiresAt.seconds])
        }
    }

    /// Redeems a code and adds its device in one transaction: a code pairs at most one
    /// device, however many requests race for it. `secretHash` gets the new device's id.
    public func redeemPairingCode(codeHash: String, name: String, environment: PushEnvironment, pushToStartToken: String?, secretHash: (String) -> String, at now: Date) throws(StoreError) -> PairingRedemption {
        // A guessed code costs a read, not a write transaction (and its fsync).
        guard try read({ db in try Bool.fetchOne(db, sql: "SELECT 1 FROM pairing_code WHERE code_hash = ?", arguments: [codeHash]) }) == true else {
            return .unknown
        }
        return try write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM pairing_code WHERE code_hash = ?", arguments: [codeHash]) else {
                return .unknown
            }
            if (row["used_at"] as Double?) != nil { return .used }
            guard (row["expires_at"] as Double) > now.seconds else { return .expired }
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM registration WHERE sleeper_user_id = ? AND removed_at IS NULL", arguments: [row["sleeper_user_id"] as String]) == true else {
                return .userGone
            }
            try Self.removeEarlierDevices(db, sleeperUserID: row["sleeper_user_id"], pushToStartToken: pushToStartToken, at: now)
            let device = try Self.insertDevice(db, sleeperUserID: row["sleeper_user_id"], name: name, environment: environment, pushToStartToken: pushToStartToken, secretHash: secretHash, at: now)
            try db.execute(sql: "UPDATE pairing_code SET used_at = ?, device_id = ? WHERE code_hash = ?", arguments: [now.seconds, device.id, codeHash])
            return .paired(device)
        }
    }

    /// Pairing codes not used yet and not expired (for the status page).
    public func openPairingCodes(at now: Date) throws(StoreError) -> [(sleeperUserID: String, expiresAt: Date)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT sleeper_user_id, expires_at FROM pairing_code WHERE used_at IS NULL AND expires_at > ? ORDER BY expires_at", arguments: [now.seconds]).map {
                (sleeperUserID: $0["sleeper_user_id"], expiresAt: Date(seconds: $0["expires_at"]))
            }
        }
    }
}
