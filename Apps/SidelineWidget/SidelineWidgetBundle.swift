import SwiftUI
import WidgetKit

@main
struct SidelineWidgetBundle: WidgetBundle {
    var body: some Widget {
        SidelineLiveActivity()
    }
}
