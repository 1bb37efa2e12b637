import Foundation
import Hummingbird
import SidelineCore
import SidelineEngine

/// `POST /v1/devices` (pairing), `PUT /v1/devices/{id}/push-to-start-token`,
/// `DELETE /v1/devices/{id}`: all through ``DeviceService``, as the CLI.
struct DeviceRoutes {
    let environment: ServerEnvironment
    let gate: AuthGate

    func addPairing(to group: RouterGroup<APIRequestContext>) {
        group.post("devices") { request, context in try await pair(request, context) }
    }

    func addAuthenticated(to group: RouterGroup<APIRequestContext>) {
        group.put("devices/:id/push-to-start-token") { request, context in try await rotate(request, context) }
        group.delete("devices/:id") { _, context in try remove(context) }
    }

    func pair(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let address = try gate.admit(request, context: context)
        let body = try await JSONBody.read(request, allowed: ["code", "environment", "pushToStartToken", "name"])
        let code = try body.requiredString("code")
        let environmentValue = try body.environment("environment", required: true) ?? .production
        let token = try body.string("pushToStartToken")
        let name = try body.string("name")
        guard let normalized = Credentials.normalizedPairingCode(code) else {
            gate.recordFailure(address)
            throw APIError(.unauthorized, "pairing_code_invalid", Messages.Server.pairingCodeUnknown, headers: [.wwwAuthenticate: "Bearer realm=\"sideline\""])
        }
        let random = Credentials.randomBytes()
        let device: Device
        do {
            device = try environment.devices.pair(
                codeHash: Credentials.pairingCodeHash(normalized), name: name, pushToStartToken: token, environment: environmentValue,
                secretHash: { Credentials.secretHash(Credentials.newDeviceSecret(deviceID: $0, random: random)) }, at: environment.now()
            )
        } catch {
            switch error.kind {
            case .invalid: throw APIError(.badRequest, "invalid_request", error.message)
            case .unknownCode:
                gate.recordFailure(address)
                throw APIError(.unauthorized, "pairing_code_invalid", error.message, headers: [.wwwAuthenticate: "Bearer realm=\"sideline\""])
            case .expired: throw APIError(.gone, "pairing_code_expired", error.message)
            case .used: throw APIError(.conflict, "pairing_code_used", error.message)
            case .noLongerRegistered: throw APIError(.conflict, "user_not_registered", error.message)
            }
        }
        environment.logger.info("paired device \(device.id) for Sleeper user \(device.sleeperUserID)")
        let secret = Credentials.newDeviceSecret(deviceID: device.id, random: random)
        return JSONResponse.make(PairingResponse(deviceId: device.id, deviceSecret: secret, sleeperUserId: device.sleeperUserID, name: device.name, environment: device.environment.rawValue), status: .created)
    }

    func rotate(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let device = try Self.ownDevice(context)
        let body = try await JSONBody.read(request, allowed: ["token", "environment"])
        let token = try body.requiredString("token")
        let environmentValue = try body.environment("environment", required: false)
        try DeviceErrors.mapping { () throws(DeviceError) in
            try environment.devices.setPushToStartToken(deviceID: device.id, token: token, environment: environmentValue, at: environment.now())
        }
        return JSONResponse.noContent()
    }

    func remove(_ context: APIRequestContext) throws -> Response {
        let device = try Self.ownDevice(context)
        try DeviceErrors.mapping { () throws(DeviceError) in try environment.devices.remove(deviceID: device.id, at: environment.now()) }
        environment.logger.info("device \(device.id) removed itself")
        return JSONResponse.noContent()
    }

    /// The authenticated device, which must be the one the path names.
    static func ownDevice(_ context: APIRequestContext) throws(APIError) -> Device {
        let id = try PathValues.deviceID(context)
        guard let device = context.device else { throw APIError.unauthorized(Messages.Server.missingSecret) }
        guard device.id == id else { throw APIError.forbidden(Messages.Server.otherDevice(id)) }
        return device
    }
}

/// ``DeviceError`` as API errors.
enum DeviceErrors {
    @discardableResult
    static func mapping<T>(_ body: () throws(DeviceError) -> T) throws(APIError) -> T {
        do { return try body() } catch {
            switch error.kind {
            case .invalid: throw APIError(.badRequest, "invalid_request", error.message)
            case .notFound: throw APIError.notFound(error.message)
            case .forbidden: throw APIError.forbidden(error.message)
            }
        }
    }
}
