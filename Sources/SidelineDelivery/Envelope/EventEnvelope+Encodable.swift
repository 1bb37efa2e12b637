import Foundation

extension EventEnvelope {
    /// The synthesised shape but for `registration`, written even when `nil`: a person's
    /// event says `"registration": null` rather than leave the key out, so a consumer of
    /// league events reads an explicit "no registration" (issue 30). Every other optional
    /// is left out when `nil`, as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(scope, forKey: .scope)
        try container.encode(event, forKey: .event)
        try container.encode(reason, forKey: .reason)
        try container.encode(at, forKey: .at)
        try container.encode(registration, forKey: .registration)
        try container.encode(activity, forKey: .activity)
        try container.encode(sleeperUserID, forKey: .sleeperUserID)
        try container.encode(username, forKey: .username)
        try container.encode(leagueID, forKey: .leagueID)
        try container.encode(leagueName, forKey: .leagueName)
        try container.encode(season, forKey: .season)
        try container.encode(week, forKey: .week)
        try container.encode(phase, forKey: .phase)
        try container.encode(dryRun, forKey: .dryRun)
        try container.encode(score, forKey: .score)
        try container.encode(starters, forKey: .starters)
        try container.encode(contentState, forKey: .contentState)
        try container.encode(attributes, forKey: .attributes)
        try container.encodeIfPresent(push, forKey: .push)
        try container.encodeIfPresent(leagues, forKey: .leagues)
    }
}
