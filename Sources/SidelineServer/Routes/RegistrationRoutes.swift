import Dispatch
import Foundation
import Hummingbird
import SidelineCore
import SidelineEngine
import SidelineStore
import SidelineDelivery

/// Admin: `POST/GET /v1/registrations`, `DELETE /v1/registrations/{id}`, through
/// ``RegistrationService`` with the CLI's checks and messages.
struct RegistrationRoutes {
    let environment: ServerEnvironment

    func add(to group: RouterGroup<APIRequestContext>) {
        group.post("registrations") { request, _ in try await register(request) }
        group.get("registrations") { _, _ in try list() }
        group.delete("registrations/:id") { _, context in try await remove(context) }
    }

    func register(_ request: Request) async throws -> Response {
        let body = try await JSONBody.read(request, allowed: ["user", "leagues", "timeZone", "locale"])
        let user = try body.requiredString("user")
        let leagues = try body.strings("leagues")
        let timeZone = try body.string("timeZone")
        let locale = try body.string("locale")
        if let locale, locale.isEmpty || locale.count > 40 { throw APIError.invalidBody(Messages.Server.wrongType("locale", "a locale identifier like en_US")) }
        if let problem = RegistrationService.problem(user: user, leagueIDs: leagues, timeZone: timeZone) {
            throw APIError(.badRequest, "invalid_request", problem)
        }
        let result: (outcomes: [RegistrationService.Outcome], skipped: [String])
        do {
            result = try await environment.registrations.add(user, leagueIDs: leagues, timeZone: timeZone, locale: locale, at: environment.now())
        } catch {
            throw APIError(.unprocessableContent, "registration_refused", error.message)
        }
        let items = result.outcomes.map { RegistrationsAdded.Item(registration: RegistrationBody($0.registration), existed: $0.existed) }
        let created = items.contains { !$0.existed }
        return JSONResponse.make(RegistrationsAdded(registrations: items, skipped: result.skipped), status: created ? .created : .ok)
    }

    func list() throws -> Response {
        JSONResponse.make(RegistrationList(registrations: try environment.store.activeRegistrations().map(RegistrationBody.init)))
    }

    /// Ends the registration's running activity and removes it, under the pass lock (as
    /// `sideline users remove`), then delivers the end events.
    func remove(_ context: APIRequestContext) async throws -> Response {
        let id = try PathValues.registrationID(context)
        guard try environment.store.registration(id: id) != nil else {
            throw APIError.notFound(Messages.Registration.unknownRegistration(String(id)))
        }
        let lock = try await Self.passLock(environment.store)
        let now = environment.now()
        let ended: [EventEnvelope]
        do {
            ended = try environment.registrations.remove(id: id, at: now, sinks: [.live: environment.liveSinkRoutes], display: environment.displayContext)
        } catch {
            throw APIError(.unprocessableContent, "registration_refused", error.message)
        }
        withExtendedLifetime(lock) {}
        await environment.deliverLive(now)
        return JSONResponse.make(RegistrationRemoved(removed: String(id), endedActivities: ended.filter { !$0.dryRun }.count))
    }

    /// Takes the pass lock on a Dispatch thread: it may wait seconds for a pass to finish,
    /// which must not hold one of the cooperative pool's two threads.
    static func passLock(_ store: any PassLocking) async throws -> any HeldPassLock {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do { continuation.resume(returning: try store.passLock(wait: 5)) } catch let error as PassLockError {
                    continuation.resume(throwing: APIError(.serviceUnavailable, "busy", error.message, headers: [.retryAfter: "5"]))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }
}
