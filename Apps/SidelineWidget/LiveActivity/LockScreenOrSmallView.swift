import SwiftUI
import WidgetKit
import SidelineActivity

/// The Lock Screen closure serves two families: the Lock Screen (`.medium`) and, from iOS
/// 18, the Watch Smart Stack and CarPlay (`.small`).
struct LockScreenOrSmallView: View {
    let context: ActivityViewContext<LiveActivityAttributes>

    var body: some View {
        if #available(iOSApplicationExtension 18.0, *) {
            FamilyAdaptiveView(context: context)
        } else {
            LockScreenChoiceView(context: context)
        }
    }
}
