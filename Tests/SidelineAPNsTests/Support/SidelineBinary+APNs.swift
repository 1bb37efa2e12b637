import Foundation
import SidelineAPNs
import SidelineTestSupport

extension SidelineBinary {
    /// The binary pushing to `server` through the APNs sink, with `key` written as a private
    /// `.p8` file in its directory and the test credentials.
    func pushing(to server: FakeAPNs, key: APNsSigningKey) throws -> SidelineBinary {
        let keyFile = directory.appendingPathComponent("AuthKey.p8")
        try Data(key.pemForTests.utf8).write(to: keyFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile.path)
        var cli = self
        cli.environment.merge([
            "SIDELINE_SINKS_ENABLED": "apns", "SIDELINE_APNS_KEY_FILE": keyFile.path,
            "SIDELINE_APNS_KEY_ID": TestCredentials.keyID, "SIDELINE_APNS_TEAM_ID": TestCredentials.teamID,
            "SIDELINE_APNS_BUNDLE_ID": TestCredentials.bundleID,
            "SIDELINE_APNS_URL": server.baseURL.absoluteString, "SIDELINE_APNS_CA_FILE": server.caFile,
        ]) { $1 }
        return cli
    }
}
