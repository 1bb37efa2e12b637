import Foundation
import GRDB
import SidelineCore
import SidelineDelivery

/// The rows the delivery loops need (see ``DeliveryStore``).
extension SQLiteStore: DeliveryStore {
    public func deviceFacts(deviceID: String, activityID: String) throws(StoreError) -> DeviceFacts? {
        guard let device = try device(id: deviceID) else { return nil }
        let onDevice = try activityDevice(activityID: activityID, deviceID: deviceID)
        return DeviceFacts(
            environment: device.environment, pushToStartToken: device.pushToStartToken,
            activityToken: onDevice?.updateToken, dismissed: onDevice?.dismissedAt != nil,
            startStatus: try startPushStatus(activityID: activityID, deviceID: deviceID)
        )
    }
}
