import SidelineActivity

/// Plain text of what each presentation shows, for `sideline demo` and `--dry-run`: the
/// same strings the phone gets, laid out for a terminal.
public enum DisplayPreview {
    public static func text(attributes: LiveActivityAttributes, state: LiveActivityContentState) -> String {
        typealias P = Messages.Display.Preview
        let expanded = state.expanded
        let opponent = attributes.opponentTeamShortName.map { " \($0) \(expanded.trailing)" } ?? " \(expanded.trailing)"
        var lines = [
            "\(P.lockScreen): \(attributes.title) (\(attributes.subtitle))",
            "  \(P.with(state.lockScreen.headline, aside: state.winChance))",
            "  \(state.lockScreen.detail)",
            "  \(state.lockScreen.footer)",
        ]
        if let note = state.medianNote { lines.append("  \(note)") }
        // A person's activity: its rows as the new Lock Screen shows them.
        if let leagues = state.leagues {
            lines.append("  \(state.summary ?? "")")
            lines += leagues.map { "    " + Messages.Person.previewRow($0.league, score: $0.score, status: P.with($0.status, aside: $0.winChance)) }
            if let more = state.moreLeagues { lines.append("    \(more.text)") }
        }
        lines += [
            "\(P.island): \(P.compact) \(state.compactLeading) | \(state.compactTrailing) · \(P.minimal) \(state.minimal)",
            "  \(P.expanded): \(attributes.myTeamShortName) \(expanded.leading) · \(P.with(expanded.center, aside: state.winChance)) ·\(opponent)",
            "  \(expanded.bottom)",
            "\(P.watch): \(state.small.headline) · \(state.small.detail)",
            "\(P.stale): \(state.staleText)",
        ]
        // What Home Assistant's Companion app shows for the same state.
        let notification = HomeAssistantNotification.forEvent(
            kind: .update, reason: .points, activityID: attributes.activity, at: .distantPast,
            attributes: attributes, state: state, dismissalDelay: 0
        )
        let data = notification.data
        lines.append("\(P.homeAssistant): \(notification.title ?? "") [\(data.criticalText ?? "")] \(data.progress ?? 0)/\(data.progressMax ?? 0) done")
        lines.append("  \(notification.message)")
        return lines.joined(separator: "\n")
    }
}
