import ActivityKit
import SwiftUI
import WidgetKit
import SidelineActivity

/// The widget's entry point only: the ActivityConfiguration and which view goes where.
/// Every view is in `LiveActivity/`, one per file; every string comes from the push.
struct SidelineLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: LiveActivityAttributes.self) { context in
            LockScreenOrSmallView(context: context)
                .activityBackgroundTint(WidgetColors.background)
                .activitySystemActionForegroundColor(WidgetColors.foreground)
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) { ExpandedLeadingView(context: context) }
                DynamicIslandExpandedRegion(.trailing) { ExpandedTrailingView(context: context) }
                DynamicIslandExpandedRegion(.center) { ExpandedCenterView(context: context) }
                DynamicIslandExpandedRegion(.bottom) { ExpandedBottomView(context: context) }
            } compactLeading: {
                CompactLeadingView(context: context)
            } compactTrailing: {
                CompactTrailingView(context: context)
            } minimal: {
                MinimalView(context: context)
            }
            // Compact leading and trailing open the same place: the app's list of games.
            .widgetURL(WidgetLinks.activities(context.attributes.activity))
            .keylineTint(SentimentColor.color(for: context.state.sentiment))
        }
        .smallFamilyWhereAvailable()
    }
}
