import Foundation

/// Pairing and unpairing this phone: the one place that writes and wipes the device secret.
public actor DevicePairing {
    private let api: any DeviceAPI
    private let secrets: any SecretStore
    private let reporter: TokenReporter
    private let environment: APNsEnvironment

    /// `environment` comes from the build configuration (``APNsEnvironment/forBuild(isDebug:)``).
    public init(api: any DeviceAPI, secrets: any SecretStore, reporter: TokenReporter, environment: APNsEnvironment) {
        self.api = api
        self.secrets = secrets
        self.reporter = reporter
        self.environment = environment
    }

    /// The stored credentials, if this phone is paired.
    public func credentials() async throws -> DeviceCredentials? { try await secrets.load() }

    /// Pairs with the server the invitation names. A push-to-start token iOS handed over
    /// before pairing goes with the call, so the first game can start without another one.
    @discardableResult
    public func pair(_ invitation: PairingInvitation, deviceName: String?) async throws -> DeviceCredentials {
        let token = await reporter.pushToStartTokenForPairing
        let request = PairingRequest(code: invitation.code.normalized, environment: environment,
                                     name: deviceName.map { String($0.prefix(64)) }, pushToStartToken: token)
        let response = try await api.pair(request, on: invitation.server.url)
        let credentials = DeviceCredentials(server: invitation.server.url, deviceID: response.deviceId,
                                            deviceSecret: response.deviceSecret, environment: response.environment)
        try await secrets.save(credentials)
        await reporter.handle(.paired(sentPushToStartToken: token))
        return credentials
    }

    /// Removes this device on the server, then wipes the secret. A server that no longer
    /// knows the device (401) counts as done; a server that cannot be reached throws, and
    /// ``forget()`` wipes the secret anyway if the person wants that.
    public func unpair() async throws {
        guard let credentials = try await secrets.load() else { return }
        do {
            try await api.unpair(credentials)
        } catch DeviceAPIError.unauthorized {
            // Already gone on the server.
        }
        try await forget()
    }

    /// Wipes the secret and what the reporter held for this pairing, without the server.
    public func forget() async throws {
        try await secrets.delete()
        await reporter.handle(.unpaired)
    }
}
