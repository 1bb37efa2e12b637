import ActivityKit
import SidelineActivity

// The shared model is Foundation-only so it builds on Linux; ActivityKit conformance is
// added here, in both the app and the widget. `ContentState` is the model's typealias.
extension LiveActivityAttributes: @retroactive ActivityAttributes {}
