import Foundation
import SidelineCore
import SidelinePostgres
import SidelineStore

extension PostgresStore: PairingStore {
    /// Stores a new pairing code (its hash) for a Sleeper user, dropping codes a day past
    /// their expiry that were never used.
    public func addPairingCode(codeHash: String, sleeperUserID: String, expiresAt: Date, at now: Date) throws(StoreError) {
        try transaction { session in
            try session.execute("DELETE FROM pairing_code WHERE expires_at < $1 AND used_at IS NULL", [.double(now.timeIntervalSince1970 - 86_400)])
            try session.execute("INSERT INTO pairing_code (code_hash, sleeper_user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
                                [.text(codeHash), .text(sleeperUserID), now.stored, expiresAt.stored])
        }
    }

    /// Redeems a code and adds its device in one transaction under the device-additions
    /// advisory lock: requests racing for one code (from any process) take turns, and the
    /// second finds it used, so a code pairs at most one device. `secretHash` gets the new
    /// device's id.
    public func redeemPairingCode(codeHash: String, name: String, environment: PushEnvironment, pushToStartToken: String?, secretHash: (String) -> String, at now: Date) throws(StoreError) -> PairingRedemption {
        // A guessed code costs a read, not a turn at the lock.
        guard try !execute("SELECT 1 FROM pairing_code WHERE code_hash = $1", [.text(codeHash)]).isEmpty else { return .unknown }
        return try transaction { session in
            try session.advisoryTransactionLock(PostgresLockKey.deviceAdditions)
            guard let row = try session.execute("SELECT sleeper_user_id, expires_at, used_at FROM pairing_code WHERE code_hash = $1", [.text(codeHash)]).first else {
                return .unknown
            }
            if try row.value("used_at", as: Double?.self) != nil { return .used }
            guard try row.value("expires_at", as: Double.self) > now.timeIntervalSince1970 else { return .expired }
            let user: String = try row.value("sleeper_user_id")
            guard try !session.execute("SELECT 1 FROM registration WHERE sleeper_user_id = $1 AND removed_at IS NULL", [.text(user)]).isEmpty else {
                return .userGone
            }
            try Self.removeEarlierDevices(session, sleeperUserID: user, pushToStartToken: pushToStartToken, at: now)
            let device = try Self.insertDevice(session, sleeperUserID: user, name: name, environment: environment, pushToStartToken: pushToStartToken,
                                               secretHash: secretHash, at: now)
            try session.execute("UPDATE pairing_code SET used_at = $1, device_id = $2 WHERE code_hash = $3", [now.stored, .text(device.id), .text(codeHash)])
            return .paired(device)
        }
    }

    /// Pairing codes not used yet and not expired (for the status page).
    public func openPairingCodes(at now: Date) throws(StoreError) -> [(sleeperUserID: String, expiresAt: Date)] {
        let rows = try execute("SELECT sleeper_user_id, expires_at FROM pairing_code WHERE used_at IS NULL AND expires_at > $1 ORDER BY expires_at", [now.stored])
        return try decoding { () throws(PostgresError) in
            try rows.map { row throws(PostgresError) in (sleeperUserID: try row.value("sleeper_user_id"), expiresAt: Date(timeIntervalSince1970: try row.value("expires_at"))) }
        }
    }
}
