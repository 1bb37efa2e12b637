import SwiftUI
import WidgetKit
import SidelineActivity

/// Dynamic Island, compact trailing: the opponent's score (or the server's short word).
struct CompactTrailingView: View {
    let context: ActivityViewContext<LiveActivityAttributes>

    var body: some View {
        ScoreText(text: context.state.compactTrailing)
    }
}
