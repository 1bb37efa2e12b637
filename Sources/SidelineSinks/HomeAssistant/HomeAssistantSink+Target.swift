import SidelineCore
import SidelineDelivery

/// Home Assistant as a push target (ADR 031): one push per Home Assistant target (a device
/// with a notify service), read as "Home Assistant".
extension HomeAssistantSink {
    public var label: String { Messages.Pushes.homeAssistantLabel }
    public var addressing: PushAddressing { .perDevice(.homeAssistant) }
}
