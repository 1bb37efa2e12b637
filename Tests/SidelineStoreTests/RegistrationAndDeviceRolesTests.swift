import Foundation
import Testing
@testable import SidelineCore
@testable import SidelineStore
import SidelinePostgresStore

/// The registration, notes, device, pairing and rehearsal roles, and the registration reads
/// `sideline users` needs, as both stores implement them (issue 31), with the common roles
/// (a league saved by a pass is read back by `leagues(ids:)`). `removeRegistration` commits
/// outbox events and is tested with the lifecycle commit.
protocol RegistrationAndDeviceRoles: CommonStoreRoles, RegistrationStore, NotesStore, DeviceStore, PairingStore, RehearsalStore {
    func registration(id: Int64) throws(StoreError) -> Registration?
    func anyRegistration(id: Int64) throws(StoreError) -> Registration?
    func register(_ items: [NewRegistration], leagues: [StoredLeague], at now: Date) throws(StoreError) -> [(Registration, existed: Bool)]
    func openLifecycleStates(registrationID: Int64) throws(StoreError) -> [LifecycleKey: LifecycleState]
}

extension SQLiteStore: RegistrationAndDeviceRoles {}
extension PostgresStore: RegistrationAndDeviceRoles {}

extension StoreFactory where Store == any RegistrationAndDeviceRoles {
    /// Every store with these roles.
    static var registrationAndDevices: [Self] { bothStores({ $0 }, { $0 }) }
}

@Suite("Registrations, notes, devices, pairing and rehearsals in every store")
struct RegistrationAndDeviceRolesTests {
    let t0 = storeT0
    let user = storeUser
    let league = storeLeague
    let token = String(repeating: "ab", count: 32)

    func registered(_ store: any RegistrationAndDeviceRoles) throws -> Registration {
        try store.register([NewRegistration(user: user, league: league, rosterID: 2)], leagues: [StoredLeague(league: league, teamNames: [2: "Alex's Team"])], at: t0)[0].0
    }

    // MARK: - Registrations

    @Test("Registering twice keeps one registration, stores its league and a new user's scope, and reads back the same", arguments: StoreFactory<any RegistrationAndDeviceRoles>.registrationAndDevices)
    func registerTwice(_ stores: StoreFactory<any RegistrationAndDeviceRoles>) throws {
        let store = try stores.fresh()
        let item = NewRegistration(user: user, league: league, rosterID: 2, timeZone: "Europe/Zurich", locale: "de-CH")
        let other = League(leagueID: "901", name: "Second", season: "2026", status: .inSeason, previousLeagueID: nil, isBestBall: true)
        let first = try store.register([item, NewRegistration(user: user, league: other, rosterID: 5)],
                                       leagues: [StoredLeague(league: league, teamNames: [2: "Alex's Team"]), StoredLeague(league: other, teamNames: [:])], at: t0)
        let again = try store.register([item], leagues: [], at: t0.addingTimeInterval(60))
        #expect(first.map(\.existed) == [false, false])
        #expect(again[0].existed && again[0].0 == first[0].0)
        let registration = first[0].0
        #expect(registration.timeZone == "Europe/Zurich" && registration.locale == "de-CH" && registration.rosterID == 2 && registration.createdAt == t0)
        #expect(try store.registration(id: registration.id) == registration)
        #expect(try store.anyRegistration(id: registration.id) == registration)
        #expect(try store.registration(id: 999) == nil)
        #expect(try store.activeRegistrations().map(\.leagueID) == ["900", "901"])
        #expect(try store.leagues(ids: ["900", "901", "nope"]).mapValues(\.teamNames) == ["900": [2: "Alex's Team"], "901": [:]])
        #expect(try store.leagues(ids: []).isEmpty)
        #expect(try store.league(id: "901")?.league.isBestBall == true)
        #expect(try store.openLifecycleStates(registrationID: registration.id).isEmpty)
    }

    @Test("Following a renewal moves the registration and clears its note; renewal look-ups are remembered per registration", arguments: StoreFactory<any RegistrationAndDeviceRoles>.registrationAndDevices)
    func followAndRenewals(_ stores: StoreFactory<any RegistrationAndDeviceRoles>) throws {
        let store = try stores.fresh()
        let registration = try registered(store)
        try store.setFollowNote(registrationID: registration.id, "renewal not found yet")
        #expect(try store.registration(id: registration.id)?.followNote == "renewal not found yet")
        let renewal = League(leagueID: "950", name: "Demo 2027", season: "2027", status: .preDraft, previousLeagueID: "900", isBestBall: false)
        try store.follow(registrationID: registration.id, to: StoredLeague(league: renewal, teamNames: [4: "New"]), rosterID: 4, at: t0)
        let moved = try #require(try store.registration(id: registration.id))
        #expect(moved.leagueID == "950" && moved.leagueName == "Demo 2027" && moved.season == "2027" && moved.rosterID == 4 && moved.followNote == nil)
        #expect(try store.league(id: "950")?.teamNames == [4: "New"])

        #expect(try store.renewalAttempts().isEmpty)
        try store.recordRenewalAttempt(registrationID: registration.id, at: t0.addingTimeInterval(0.5))
        try store.recordRenewalAttempt(registrationID: 77, at: t0)
        try store.setMeta("follow-attempt:hand-edited", "soon")
        #expect(try store.renewalAttempts() == [registration.id: t0.addingTimeInterval(0.5), 77: t0])
    }

    @Test("The change token moves when another connection commits a registration, a league or a note, and for nothing else", arguments: StoreFactory<any RegistrationAndDeviceRoles>.registrationAndDevices)
    func changeToken(_ stores: StoreFactory<any RegistrationAndDeviceRoles>) throws {
        let (mine, other) = try stores.twoConnections()
        let start = try mine.externalChangeToken()
        #expect(try mine.externalChangeToken() == start, "no change keeps it")
        _ = try registered(mine)
        try mine.setMeta("x", "1")
        #expect(try mine.externalChangeToken() == start, "this connection's own commits keep it: the scheduler wrote through its cache")
        try other.register([NewRegistration(user: SleeperUser(userID: "701", username: "sam", displayName: "Sam"), league: league, rosterID: 3)], leagues: [], at: t0)
        let afterRegistration = try mine.externalChangeToken()
        #expect(afterRegistration != start)
        #expect(try mine.externalChangeToken() == afterRegistration)
        try other.setMeta("y", "2")
        #expect(try mine.externalChangeToken() != afterRegistration)
    }

    // MARK: - Notes

    @Test("Notes and the credentials check round-trip; an unreadable check reads as none", arguments: StoreFactory<any RegistrationAndDeviceRoles>.registrationAndDevices)
    func notes(_ stores: StoreFactory<any RegistrationAndDeviceRoles>) throws {
        let store = try stores.fresh()
        #expect(try store.meta("apns.token") == nil)
        try store.setMeta("apns.token", "one")
        try store.setMeta("apns.token", "two")
        #expect(try store.meta("apns.token") == "two")
        #expect(try store.credentialChecks() == nil)
        let checks = CredentialChecks(fingerprint: "f1", checkedAt: t0.addingTimeInterval(0.25), sinks: [])
        try store.saveCredentialChecks(checks)
        #expect(try store.credentialChecks() == checks)
        try store.setMeta("sinks.credential_checks", "{not json")
        #expect(try store.credentialChecks() == nil)
    }

    // MARK: - Devices

    @Test("Devices are added, listed oldest first, updated, paused and removed; a removed one is gone with its secret", arguments: StoreFactory<any RegistrationAndDeviceRoles>.registrationAndDevices)
    func deviceLifecycle(_ stores: StoreFactory<any RegistrationAndDeviceRoles>) throws {
        let store = try stores.fresh()
        let phone = try store.addDevice(sleeperUserID: user.userID, name: "iPhone", environment: .sandbox, pushToStartToken: token, secretHash: "h1", at: t0)
        let other = try store.addDevice(sleeperUserID: "701", name: "Pixel", environment: .production, pushToStartToken: nil, at: t0.addingTimeInterval(1))
        #expect(phone.id.hasPrefix("dev-") && phone.id.count == 12)
        #expect(try store.devices().map(\.id) == [phone.id, other.id])
        #expect(try store.devices(sleeperUserID: "701").map(\.id) == [other.id])
        #expect(try store.device(id: phone.id) == phone)
        #expect(try store.deviceSecretHash(id: phone.id) == "h1")
        #expect(try store.setPushToStartToken(deviceID: phone.id, token: "ff", environment: .production, at: t0.addingTimeInterval(5)))
        #expect(try !store.setPushToStartToken(deviceID: "dev-nope", token: "ff", at: t0))
        let updated = try #require(try store.device(id: phone.id))
        #expect(updated.pushToStartToken == "ff" && updated.environment == .production && updated.pushToStartUpdatedAt == t0.addingTimeInterval(5))
        #expect(try store.pauseDevice(id: phone.id, until: t0.addingTimeInterval(3600)))
        #expect(try store.device(id: phone.id)?.pausedUntil == t0.addingTimeInterval(3600))
        #expect(try store.removeDevice(id: phone.id, at: t0))
        #expect(try !store.removeDevice(id: phone.id, at: t0))
        #expect(try !store.pauseDevice(id: phone.id, until: nil))
        #expect(try store.device(id: phone.id) == nil && store.deviceSecretHash(id: phone.id) == nil)
        #expect(try store.devices().map(\.id) == [other.id])
    }

    @Test("A Home Assistant target is added once per user; adding it again lifts nothing but its refusal", arguments: StoreFactory<any RegistrationAndDeviceRoles>.registrationAndDevices)
    func homeAssistantOnce(_ stores: StoreFactory<any RegistrationAndDeviceRoles>) throws {
        let store = try stores.fresh()
        let plain = try store.addHomeAssistantTarget(sleeperUserID: "702", name: "Kim (HA)", service: "mobile_app_kim", at: t0)
        #expect(plain.notifyService == "mobile_app_kim" && plain.pushToStartToken == nil)
        let first = try store.addHomeAssistantTargetOnce(sleeperUserID: user.userID, name: "Alex (HA)", service: "mobile_app_alex", at: t0)
        let second = try store.addHomeAssistantTargetOnce(sleeperUserID: user.userID, name: "Alex (HA)", service: "mobile_app_alex", at: t0)
        #expect(first.outcome == .added && second.outcome == .existing && second.device.id == first.device.id)
        #expect(try store.device(id: first.device.id) == first.device)
        let shared = try store.addHomeAssistantTargetOnce(sleeperUserID: "701", name: "Sam (HA)", service: "mobile_app_alex", at: t0)
        #expect(shared.outcome == .added && shared.sharedWith == [user.userID])
    }

    @Test("Activity tokens rotate, a dismissal is kept beside the token, and a sample activity has an owner without a registration", arguments: StoreFactory<any RegistrationAndDeviceRoles>.registrationAndDevices)
    func activityTokensAndSamples(_ stores: StoreFactory<any RegistrationAndDeviceRoles>) throws {
        let store = try stores.fresh()
        let phone = try store.addDevice(sleeperUserID: user.userID, name: "iPhone", environment: .production, pushToStartToken: token, at: t0)
        try store.setActivityToken(activityID: "a1", deviceID: phone.id, token: "t1", at: t0)
        try store.setActivityToken(activityID: "a1", deviceID: phone.id, token: "t2", at: t0.addingTimeInterval(2))
        try store.dismissActivity(activityID: "a1", deviceID: phone.id, at: t0.addingTimeInterval(3))
        let onPhone = try #require(try store.activityDevice(activityID: "a1", deviceID: phone.id))
        #expect(onPhone.updateToken == "t2" && onPhone.tokenUpdatedAt == t0.addingTimeInterval(2) && onPhone.dismissedAt == t0.addingTimeInterval(3))
        #expect(try store.activityDevice(activityID: "a2", deviceID: phone.id) == nil)
        #expect(try store.activityOwner(activityID: "sample-1") == nil)
        try store.addSampleActivity(activityID: "sample-1", deviceID: phone.id, at: t0)
        try store.setActivityToken(activityID: "sample-1", deviceID: phone.id, token: "s1", at: t0)
        #expect(try store.activityOwner(activityID: "sample-1") == ActivityOwner(activityID: "sample-1", registrationID: nil, sleeperUserID: user.userID))
        try store.removeSampleActivity(activityID: "sample-1")
        #expect(try store.activityOwner(activityID: "sample-1") == nil)
        #expect(try store.activityDevice(activityID: "sample-1", deviceID: phone.id) == nil)
        #expect(try store.runningActivities(at: t0).isEmpty)
    }

    @Test("Rehearsal pushes use the routine share of the day's allowance, never the reserve, and a new UTC day starts afresh", arguments: StoreFactory<any RegistrationAndDeviceRoles>.registrationAndDevices)
    func rehearsalAllowance(_ stores: StoreFactory<any RegistrationAndDeviceRoles>) throws {
        let store = try stores.fresh()
        let allowance = PushAllowance(limit: 10)
        #expect(try store.allowanceUse(target: "mobile_app_alex", at: t0) == PushAllowance.Use(used: 0, lastAt: nil))
        let decisions = try (0..<10).map { i in try store.admitRehearsalPush(target: "mobile_app_alex", allowance: allowance, at: t0.addingTimeInterval(Double(i))) }
        #expect(decisions.filter { $0 == .send }.count == 8, "10 a day, 2 kept back")
        #expect(try store.allowanceUse(target: "mobile_app_alex", at: t0) == PushAllowance.Use(used: 8, lastAt: t0.addingTimeInterval(7)))
        #expect(try store.allowanceUse(target: "mobile_app_kim", at: t0).used == 0)
        #expect(try store.admitRehearsalPush(target: "mobile_app_alex", allowance: allowance, at: t0.addingTimeInterval(86_400)) == .send)
    }

    // MARK: - Pairing

    @Test("A pairing code pairs one device once; a used, expired, unknown code or a removed user's does not", arguments: StoreFactory<any RegistrationAndDeviceRoles>.registrationAndDevices)
    func pairing(_ stores: StoreFactory<any RegistrationAndDeviceRoles>) throws {
        let store = try stores.fresh()
        _ = try registered(store)
        try store.addPairingCode(codeHash: "c1", sleeperUserID: user.userID, expiresAt: t0.addingTimeInterval(900), at: t0)
        try store.addPairingCode(codeHash: "c2", sleeperUserID: user.userID, expiresAt: t0.addingTimeInterval(60), at: t0)
        try store.addPairingCode(codeHash: "c3", sleeperUserID: "nobody", expiresAt: t0.addingTimeInterval(900), at: t0)
        #expect(try store.openPairingCodes(at: t0).map(\.expiresAt) == [t0.addingTimeInterval(60), t0.addingTimeInterval(900), t0.addingTimeInterval(900)])
        func redeem(_ code: String, at now: Date) throws -> PairingRedemption {
            try store.redeemPairingCode(codeHash: code, name: "iPhone", environment: .production, pushToStartToken: token, secretHash: { "hash-\($0)" }, at: now)
        }
        guard case .paired(let device) = try redeem("c1", at: t0.addingTimeInterval(10)) else { Issue.record("c1 did not pair"); return }
        #expect(try store.deviceSecretHash(id: device.id) == "hash-\(device.id)")
        #expect(try store.devices(sleeperUserID: user.userID) == [device])
        #expect(try redeem("c1", at: t0.addingTimeInterval(11)) == .used)
        #expect(try redeem("c2", at: t0.addingTimeInterval(61)) == .expired)
        #expect(try redeem("c3", at: t0.addingTimeInterval(10)) == .userGone)
        #expect(try redeem("guessed", at: t0) == .unknown)
        #expect(try store.openPairingCodes(at: t0.addingTimeInterval(61)).map(\.sleeperUserID) == ["nobody"])
        // A day past its expiry an unused code goes when the next is written.
        try store.addPairingCode(codeHash: "c4", sleeperUserID: user.userID, expiresAt: t0.addingTimeInterval(200_000), at: t0.addingTimeInterval(100_000))
        #expect(try redeem("c2", at: t0) == .unknown)
        #expect(try redeem("c1", at: t0) == .used, "a used code stays: it names its device")
    }
}
