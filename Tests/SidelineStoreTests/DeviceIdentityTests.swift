import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineStore

/// One phone, one device: the store's side of issue 27's idempotent devices.
@Suite("Device identity in the store")
struct DeviceIdentityTests {
    let token = String(repeating: "cd", count: 32)

    func registered(_ stores: StoreFactory<any RegistrationAndDeviceRoles>) throws -> any RegistrationAndDeviceRoles {
        let store = try stores.fresh()
        _ = try store.register([NewRegistration(user: storeUser, league: storeLeague, rosterID: 1)], leagues: [StoredLeague(league: storeLeague, teamNames: [:])], at: storeT0)
        return store
    }

    @Test("A phone that pairs again with its token replaces its earlier device, inside the pairing's transaction", arguments: StoreFactory<any RegistrationAndDeviceRoles>.registrationAndDevices)
    func repairingReplaces(_ stores: StoreFactory<any RegistrationAndDeviceRoles>) throws {
        let store = try registered(stores)
        for (index, code) in ["code-one", "code-two"].enumerated() {
            try store.addPairingCode(codeHash: code, sleeperUserID: storeUser.userID, expiresAt: storeT0.addingTimeInterval(900), at: storeT0)
            let result = try store.redeemPairingCode(codeHash: code, name: "iPhone", environment: .production, pushToStartToken: token,
                                                     secretHash: { "hash-\($0)" }, at: storeT0.addingTimeInterval(Double(index)))
            guard case .paired = result else { Issue.record("pairing \(index) gave \(result)"); return }
        }
        let devices = try store.devices()
        #expect(devices.count == 1, "one phone, one device: \(devices.map(\.id))")
    }

    @Test("addDeviceOnce finds the user's device with that token; another user's is shared, not found", arguments: StoreFactory<any RegistrationAndDeviceRoles>.registrationAndDevices)
    func addOnce(_ stores: StoreFactory<any RegistrationAndDeviceRoles>) throws {
        let store = try registered(stores)
        let first = try store.addDeviceOnce(sleeperUserID: storeUser.userID, name: "iPhone", environment: .production, pushToStartToken: token, at: storeT0)
        let second = try store.addDeviceOnce(sleeperUserID: storeUser.userID, name: "iPhone", environment: .production, pushToStartToken: token, at: storeT0)
        #expect(first.outcome == .added && second.outcome == .existing && first.device.id == second.device.id)
        let other = try store.addDeviceOnce(sleeperUserID: "701", name: "iPhone", environment: .production, pushToStartToken: token, at: storeT0)
        #expect(other.outcome == .added && other.sharedWith == [storeUser.userID])
    }
}
