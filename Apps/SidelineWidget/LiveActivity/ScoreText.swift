import SwiftUI

/// A score as the server wrote it, changing with the numeric-text transition; on an
/// Always-On display (luminance reduced) nothing animates.
struct ScoreText: View {
    let text: String
    @Environment(\.isLuminanceReduced) private var isLuminanceReduced

    var body: some View {
        Text(text)
            .monospacedDigit()
            .contentTransition(isLuminanceReduced ? .identity : .numericText())
            .animation(isLuminanceReduced ? nil : .default, value: text)
    }
}
