import Foundation

/// The device API of a Sideline server (`docs/openapi.json`), as the app uses it. Every
/// call but pairing authenticates with the device's secret.
public protocol DeviceAPI: Sendable {
    /// `POST /v1/devices`: trade a one-time code for a device id and secret.
    func pair(_ request: PairingRequest, on server: URL) async throws(DeviceAPIError) -> PairingResponse
    /// `PUT /v1/devices/{id}/push-to-start-token`: the old token is not used again.
    func rotatePushToStartToken(_ token: String, as device: DeviceCredentials) async throws(DeviceAPIError)
    /// `PUT /v1/activities/{activity}/token`: the activity's update token on this device.
    func reportActivityToken(_ token: String, activity: String, as device: DeviceCredentials) async throws(DeviceAPIError)
    /// `POST /v1/activities/{activity}/dismissed`: the person swiped it away.
    func reportDismissal(activity: String, as device: DeviceCredentials) async throws(DeviceAPIError)
    /// `DELETE /v1/devices/{id}`: nothing more is pushed to this device.
    func unpair(_ device: DeviceCredentials) async throws(DeviceAPIError)
    /// `GET /v1/me/activities`: what is running for this device's user.
    func myActivities(as device: DeviceCredentials) async throws(DeviceAPIError) -> MyActivities
}
