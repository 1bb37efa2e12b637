import SwiftUI
import WidgetKit

extension WidgetConfiguration {
    /// The Apple Watch Smart Stack and CarPlay (`.small`) exist from iOS 18; the app runs
    /// from 17.2. SE-0360 lets the two branches return different configuration types.
    func smallFamilyWhereAvailable() -> some WidgetConfiguration {
        if #available(iOSApplicationExtension 18.0, *) {
            return supplementalActivityFamilies([.small])
        } else {
            return self
        }
    }
}
