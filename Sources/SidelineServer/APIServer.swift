import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import ServiceLifecycle
import SidelineCore

/// The device API, the admin API, the status page and the metrics, on one Hummingbird
/// application. `sideline run` adds it to the daemon's service group; `sideline serve`
/// runs it alone; tests start it on 127.0.0.1:0.
public struct APIServer: Sendable {
    public let environment: ServerEnvironment
    let gate: AuthGate
    let limits: ConnectionLimits

    /// `limits` are the connection deadlines (10 s for a head, 60 s idle); tests shorten them.
    public init(environment: ServerEnvironment, throttle: AuthThrottle = AuthThrottle(), limits: ConnectionLimits = .standard) {
        self.environment = environment
        gate = AuthGate(throttle: throttle, trustedProxies: environment.settings.trustedProxies, now: environment.now)
        self.limits = limits
    }

    /// Every route. The error middleware wraps them all; device routes need a device's
    /// secret, admin routes and `/` the admin token.
    func router() -> (Router<APIRequestContext>, RouteTable) {
        let router = Router(context: APIRequestContext.self)
        // First: router middleware only wraps the routes added after it.
        let table = RouteTableBox()
        router.add(middleware: APIErrorMiddleware(routes: table, logger: environment.logger, metrics: environment.metrics))
        HealthRoutes(environment: environment).add(to: router)

        let devices = DeviceRoutes(environment: environment, gate: gate)
        devices.addPairing(to: router.group("v1"))
        let device = router.group("v1").add(middleware: DeviceAuthMiddleware(gate: gate, environment: environment))
        devices.addAuthenticated(to: device)
        ActivityRoutes(environment: environment).add(to: device)

        let admin = router.group("v1").add(middleware: AdminAuthMiddleware(gate: gate, adminToken: environment.settings.adminToken))
        RegistrationRoutes(environment: environment).add(to: admin)
        router.group().add(middleware: AdminAuthMiddleware(gate: gate, adminToken: environment.settings.adminToken))
            .get("/") { _, _ in try await statusPage() }

        let routes = RouteTable(router)
        table.set(routes)
        return (router, routes)
    }

    /// The routes this server answers, as `METHOD /path/{param}`.
    public var routes: [RouteTable.Route] { router().1.routes }

    func statusPage() async throws -> Response {
        let model = try await StatusPageModel.load(environment)
        return Response(
            status: .ok,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'", .xContentTypeOptions: "nosniff"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: StatusPageHTML.render(model)))
        )
    }

    /// The Hummingbird application as a `Service`. `onListening` gets the bound port.
    public func application(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) -> some Service {
        let settings = environment.settings
        let logger = environment.logger
        let limits = limits
        return Application(
            router: router().0,
            server: HTTPServerBuilder { responder in GuardedHTTP1Channel(responder: responder, limits: limits) },
            configuration: ApplicationConfiguration(address: .hostname(settings.address, port: settings.port), serverName: "Sideline"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? settings.port
                logger.notice("\(Messages.Server.listening("http://\(settings.address):\(port)"))")
                await onListening(port)
            },
            logger: logger
        )
    }
}
