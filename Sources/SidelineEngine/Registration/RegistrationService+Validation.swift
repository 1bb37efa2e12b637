import Foundation
import SidelineCore

extension RegistrationService {
    /// What is wrong with a registration request before Sleeper is asked anything, as one
    /// line; `nil` when it may go ahead. The CLI and the admin API both check with it.
    public static func problem(user: String, leagueIDs: [String], timeZone: String?) -> String? {
        let trimmed = user.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return Messages.Registration.emptyUser }
        if let bad = leagueIDs.first(where: { $0.isEmpty || $0.count > 30 || !$0.allSatisfy({ $0.isASCII && $0.isNumber }) }) {
            return Messages.Registration.badLeagueID(bad)
        }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            return Messages.Registration.unknownTimeZone(timeZone)
        }
        return nil
    }
}
