import SwiftUI

/// The widget's fixed colours (sentiment colours are `SentimentColor`, shared with the app).
enum WidgetColors {
    static let background = Color.black.opacity(0.75)
    static let foreground = Color.white
    static let secondary = Color.white.opacity(0.7)
}
