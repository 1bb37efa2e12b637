import Foundation
import SidelineCore
import SidelineDelivery
import SidelineSinks

extension Wiring {
    /// The configured sink that pushes to `device` (Home Assistant for a notify service, APNs
    /// otherwise), built from its settings whether or not `sinks.enabled` lists it: a test
    /// before enabling it is the point (ADR 034). Throws ``WiringError/Kind/configuration``
    /// when its settings are missing or unusable.
    public func deviceSender(for device: Device) throws(WiringError) -> any DevicePushSender {
        if device.notifyService != nil {
            guard let sink = homeAssistantSink() else {
                throw WiringError(.configuration, Messages.Rehearsal.sinkNotConfigured(device.id, sink: Messages.Pushes.homeAssistantLabel, name: HomeAssistantSink.sinkName))
            }
            return sink
        }
        guard let settings = configuration.apns else {
            throw WiringError(.configuration, Messages.Rehearsal.sinkNotConfigured(device.id, sink: Messages.Pushes.apnsLabel, name: APNsSink.sinkName))
        }
        return try apnsSink(settings)
    }
}
