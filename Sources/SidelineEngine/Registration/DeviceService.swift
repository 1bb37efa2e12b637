import Foundation
import SidelineCore
import SidelineStore

/// Why a device or token change was refused. Nothing is stored when one is thrown.
public struct DeviceError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable { case invalid, notFound, forbidden }
    public let message: String
    public let kind: Kind
    public init(_ message: String, kind: Kind = .invalid) {
        self.message = message
        self.kind = kind
    }
    public var description: String { message }
}

/// Devices and their tokens, for the CLI (`sideline devices`, `sideline tokens`) and the
/// device API alike: one place validates, so both refuse the same input the same way.
///
/// Works offline: a device belongs to a Sleeper user who already has a registration here.
public struct DeviceService: Sendable {
    let store: any DeviceStore & PairingStore & RegistrationStore

    public init(store: any DeviceStore & PairingStore & RegistrationStore) {
        self.store = store
    }

    /// The Sleeper user id of a registered user, by username (any case) or user id.
    public func registeredUser(_ usernameOrID: String) throws(DeviceError) -> (id: String, username: String) {
        let wanted = usernameOrID.trimmingCharacters(in: .whitespaces).lowercased()
        let registrations = try storeCall { () throws(StoreError) in try store.activeRegistrations() }
        guard let match = registrations.first(where: { $0.sleeperUserID == wanted || $0.username.lowercased() == wanted }) else {
            throw DeviceError(Messages.Devices.unknownUser(usernameOrID), kind: .notFound)
        }
        return (match.sleeperUserID, match.username)
    }

    /// Adds a device for a registered user, or finds the one they already have with this
    /// push-to-start token. `pushToStartToken` may be nil (a device that pairs first and
    /// reports its token later).
    public func addDevice(user usernameOrID: String, name: String?, pushToStartToken: String?, environment: PushEnvironment, at now: Date) throws(DeviceError) -> DeviceAddition {
        let token = try pushToStartToken.map { text throws(DeviceError) in try Self.validToken(text, what: "push-to-start token") }
        let user = try registeredUser(usernameOrID)
        return try storeCall { () throws(StoreError) in
            try store.addDeviceOnce(sleeperUserID: user.id, name: name ?? "device", environment: environment, pushToStartToken: token, at: now)
        }
    }

    /// ``addDevice(user:name:pushToStartToken:environment:at:)``'s device.
    public func add(user usernameOrID: String, name: String?, pushToStartToken: String?, environment: PushEnvironment, at now: Date) throws(DeviceError) -> Device {
        try addDevice(user: usernameOrID, name: name, pushToStartToken: pushToStartToken, environment: environment, at: now).device
    }

    /// Adds a Home Assistant target (a notify service, already normalised and checked) for
    /// a registered user, or finds the one they already have. Adding a service again lifts
    /// its "refused" mark.
    public func addHomeAssistantTarget(user usernameOrID: String, name: String?, service: String, at now: Date) throws(DeviceError) -> DeviceAddition {
        let user = try registeredUser(usernameOrID)
        return try storeCall { () throws(StoreError) in
            try store.addHomeAssistantTargetOnce(sleeperUserID: user.id, name: name ?? service, service: service, at: now)
        }
    }

    /// ``addHomeAssistantTarget(user:name:service:at:)``'s device.
    public func addHomeAssistant(user usernameOrID: String, name: String?, service: String, at now: Date) throws(DeviceError) -> Device {
        try addHomeAssistantTarget(user: usernameOrID, name: name, service: service, at: now).device
    }

    /// Usernames for Sleeper user ids (those still registered), for messages.
    public func usernames() throws(DeviceError) -> [String: String] {
        let registrations = try storeCall { () throws(StoreError) in try store.activeRegistrations() }
        return Dictionary(registrations.map { ($0.sleeperUserID, $0.username) }) { first, _ in first }
    }

    /// Pauses a device until `until` (`nil` resumes it).
    public func pause(deviceID: String, until: Date?) throws(DeviceError) {
        try Self.checkDeviceID(deviceID)
        let paused = try storeCall { () throws(StoreError) in try store.pauseDevice(id: deviceID, until: until) }
        guard paused else { throw DeviceError(Messages.Devices.unknownDevice(deviceID), kind: .notFound) }
    }

    /// Rotates a device's push-to-start token: the old one is not used again.
    public func setPushToStartToken(deviceID: String, token text: String, environment: PushEnvironment? = nil, at now: Date) throws(DeviceError) {
        try Self.checkDeviceID(deviceID)
        let token = try Self.validToken(text, what: "push-to-start token")
        let updated = try storeCall { () throws(StoreError) in try store.setPushToStartToken(deviceID: deviceID, token: token, environment: environment, at: now) }
        guard updated else { throw DeviceError(Messages.Devices.unknownDevice(deviceID), kind: .notFound) }
    }

    /// Stores an activity's update token on a device. Without `deviceID` the activity's
    /// user must have exactly one device.
    @discardableResult
    public func setActivityToken(activityID: String, token text: String, deviceID: String?, at now: Date) throws(DeviceError) -> Device {
        let token = try Self.validToken(text, what: "activity token")
        let device = try ownedDevice(activityID: activityID, deviceID: deviceID)
        try storeCall { () throws(StoreError) in try store.setActivityToken(activityID: activityID, deviceID: device.id, token: token, at: now) }
        return device
    }

    /// The person dismissed the activity on the device: stop pushing to it there.
    public func dismiss(activityID: String, deviceID: String, at now: Date) throws(DeviceError) {
        let device = try ownedDevice(activityID: activityID, deviceID: deviceID)
        try storeCall { () throws(StoreError) in try store.dismissActivity(activityID: activityID, deviceID: device.id, at: now) }
    }

    public func remove(deviceID: String, at now: Date) throws(DeviceError) {
        try Self.checkDeviceID(deviceID)
        let removed = try storeCall { () throws(StoreError) in try store.removeDevice(id: deviceID, at: now) }
        guard removed else { throw DeviceError(Messages.Devices.unknownDevice(deviceID), kind: .notFound) }
    }

    public func list() throws(DeviceError) -> [Device] {
        try storeCall { () throws(StoreError) in try store.devices() }
    }

    /// The device an activity token is for: it must belong to the activity's user.
    func ownedDevice(activityID: String, deviceID: String?) throws(DeviceError) -> Device {
        guard let owner = try storeCall({ () throws(StoreError) in try store.activityOwner(activityID: activityID) }) else {
            throw DeviceError(Messages.Devices.unknownActivity(activityID), kind: .notFound)
        }
        if let deviceID {
            try Self.checkDeviceID(deviceID)
            guard let device = try storeCall({ () throws(StoreError) in try store.device(id: deviceID) }) else {
                throw DeviceError(Messages.Devices.unknownDevice(deviceID), kind: .notFound)
            }
            guard device.sleeperUserID == owner.sleeperUserID else {
                throw DeviceError(Messages.Devices.activityNotUsers(activityID, device: deviceID), kind: .forbidden)
            }
            return device
        }
        let devices = try storeCall { () throws(StoreError) in try store.devices(sleeperUserID: owner.sleeperUserID) }
        guard let only = devices.first else { throw DeviceError(Messages.Devices.noDevices(owner.sleeperUserID), kind: .notFound) }
        guard devices.count == 1 else { throw DeviceError(Messages.Devices.chooseDevice(owner.sleeperUserID, ids: devices.map(\.id))) }
        return only
    }

    static func validToken(_ text: String, what: String) throws(DeviceError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let problem = PushToken.problem(with: trimmed) { throw DeviceError(Messages.Devices.badToken(what, problem)) }
        return trimmed.lowercased()
    }

    /// Refuses text that cannot be a device id (full-width digits among them) before any
    /// lookup, so no listing or message ever carries it as one.
    static func checkDeviceID(_ id: String) throws(DeviceError) {
        guard DeviceID.isWellFormed(id) else { throw DeviceError(Messages.Devices.notADeviceID) }
    }

    func storeCall<T>(_ body: () throws(StoreError) -> T) throws(DeviceError) -> T {
        do { return try body() } catch { throw DeviceError(error.message) }
    }
}
