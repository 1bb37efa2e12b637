import Foundation
import Hummingbird
import SidelineCore
import SidelineEngine
import SidelineDelivery

/// `PUT /v1/activities/{activity}/token`, `POST /v1/activities/{activity}/dismissed` and
/// `GET /v1/me/activities`, for the authenticated device only.
struct ActivityRoutes {
    let environment: ServerEnvironment

    func add(to group: RouterGroup<APIRequestContext>) {
        group.put("activities/:activity/token") { request, context in try await setToken(request, context) }
        group.post("activities/:activity/dismissed") { _, context in try dismiss(context) }
        group.get("me/activities") { _, context in try mine(context) }
    }

    func setToken(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let activity = try PathValues.activityID(context)
        guard let device = context.device else { throw APIError.unauthorized(Messages.Server.missingSecret) }
        let body = try await JSONBody.read(request, allowed: ["token"])
        let token = try body.requiredString("token")
        try DeviceErrors.mapping { () throws(DeviceError) in
            try environment.devices.setActivityToken(activityID: activity, token: token, deviceID: device.id, at: environment.now())
        }
        return JSONResponse.noContent()
    }

    func dismiss(_ context: APIRequestContext) throws -> Response {
        let activity = try PathValues.activityID(context)
        guard let device = context.device else { throw APIError.unauthorized(Messages.Server.missingSecret) }
        try DeviceErrors.mapping { () throws(DeviceError) in try environment.devices.dismiss(activityID: activity, deviceID: device.id, at: environment.now()) }
        return JSONResponse.noContent()
    }

    /// The display states of this device's user only, for the app's polling fallback.
    func mine(_ context: APIRequestContext) throws -> Response {
        guard let device = context.device else { throw APIError.unauthorized(Messages.Server.missingSecret) }
        let now = environment.now()
        let running = try environment.store.runningActivities(sleeperUserID: device.sleeperUserID, at: now)
        var items: [MyActivities.Item] = []
        for activity in running {
            guard let envelope = try? EventEnvelope.decode(activity.payload) else { continue }
            let dismissed = try environment.store.activityDevice(activityID: activity.activityID, deviceID: device.id)?.dismissedAt != nil
            items.append(.init(activityId: activity.activityID, registrationId: envelope.registration ?? envelope.attributes.registration, phase: envelope.phase.rawValue,
                               dismissed: dismissed, attributes: envelope.attributes, contentState: envelope.contentState))
        }
        let retry = ClientPolling.retryAfterMilliseconds(phases: items.compactMap { DisplayPhase(rawValue: $0.phase) }, matchupsInterval: environment.configuration.poll.matchupsInterval)
        return JSONResponse.make(MyActivities(activities: items, retryAfterMs: retry))
    }
}
