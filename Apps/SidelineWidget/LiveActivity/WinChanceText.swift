import SwiftUI

/// The server's win chance (`"62% to win"`), small and secondary: a hint beside the score,
/// never louder than it. Shown only when the push carries one (schema version 2 and later).
struct WinChanceText: View {
    let text: String

    var body: some View {
        Text(text)
            .font(.caption)
            .monospacedDigit()
            .foregroundStyle(WidgetColors.secondary)
            .lineLimit(1)
    }
}
