import SwiftUI
import WidgetKit
import SidelineActivity

/// Picks the small presentation for the Watch and CarPlay, the Lock Screen otherwise.
@available(iOSApplicationExtension 18.0, *)
struct FamilyAdaptiveView: View {
    let context: ActivityViewContext<LiveActivityAttributes>
    @Environment(\.activityFamily) private var family

    var body: some View {
        switch family {
        case .small: SmallView(context: context)
        default: LockScreenChoiceView(context: context)
        }
    }
}
