import Foundation
import SidelineActivity

/// A ``DeviceAPI`` for previews and tests: records every call, answers from what it was
/// given, and can be told to fail (the server down, then back). An actor, not a `Mutex`:
/// `Synchronization` needs iOS 18 and the app supports 17.
public actor FakeDeviceAPI: DeviceAPI {
    /// A call as the fake saw it.
    public enum Call: Hashable, Sendable {
        case pair(code: String, pushToStartToken: String?)
        case rotatePushToStartToken(String)
        case reportActivityToken(activity: String, token: String)
        case reportDismissal(activity: String)
        case unpair(deviceID: String)
        case myActivities
    }

    /// Every call so far, in order (failed ones included).
    public private(set) var calls: [Call] = []
    private var failure: DeviceAPIError?
    private var activities: MyActivities

    public init(activities: MyActivities = MyActivities(activities: [], retryAfterMs: 60_000)) {
        self.activities = activities
    }

    /// From now on every call fails with `error`; `nil` makes them succeed again.
    public func failEveryCall(with error: DeviceAPIError?) { failure = error }

    /// What `myActivities` answers from now on.
    public func setActivities(_ activities: MyActivities) { self.activities = activities }

    private func record(_ call: Call) throws(DeviceAPIError) {
        calls.append(call)
        if let failure { throw failure }
    }

    public func pair(_ request: PairingRequest, on server: URL) async throws(DeviceAPIError) -> PairingResponse {
        try record(.pair(code: request.code, pushToStartToken: request.pushToStartToken))
        return PairingResponse(deviceId: "dev-0a1b2c3d", deviceSecret: "dev-0a1b2c3d.fake-secret", sleeperUserId: "700000000000000001",
                               name: request.name ?? "iPhone", environment: request.environment)
    }

    public func rotatePushToStartToken(_ token: String, as device: DeviceCredentials) async throws(DeviceAPIError) {
        try record(.rotatePushToStartToken(token))
    }

    public func reportActivityToken(_ token: String, activity: String, as device: DeviceCredentials) async throws(DeviceAPIError) {
        try record(.reportActivityToken(activity: activity, token: token))
    }

    public func reportDismissal(activity: String, as device: DeviceCredentials) async throws(DeviceAPIError) {
        try record(.reportDismissal(activity: activity))
    }

    public func unpair(_ device: DeviceCredentials) async throws(DeviceAPIError) {
        try record(.unpair(deviceID: device.deviceID))
    }

    public func myActivities(as device: DeviceCredentials) async throws(DeviceAPIError) -> MyActivities {
        try record(.myActivities)
        return activities
    }
}
