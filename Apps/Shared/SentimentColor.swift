import SwiftUI
import SidelineActivity

/// The one place a sentiment becomes a colour (app and widget): the server says how the
/// matchup feels, the app chooses how that looks.
enum SentimentColor {
    static func color(for sentiment: LiveActivitySentiment) -> Color {
        switch sentiment {
        case .winning: .green
        case .losing: .red
        case .tied: .orange
        case .neutral: .secondary
        }
    }
}
