import Foundation
import Hummingbird
import Logging
import SidelineCore
import SidelineStore
import Synchronization

/// The outermost middleware: every failure becomes `{"error": {"code", "message"}}` with
/// the right status, unknown paths a 404, known paths with another method a 405, and
/// anything unexpected a 500 whose detail goes to the log only. Counts answers by status.
struct APIErrorMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let routes: RouteTableBox
    let logger: Logger
    let metrics: ServerMetrics
    static let rejected = HTTPFields.Element.Name(HTTP1RequestGuard.rejectionHeader)!

    func handle(_ request: Request, context: APIRequestContext, next: (Request, APIRequestContext) async throws -> Response) async throws -> Response {
        let response: Response
        do {
            // Marked by HTTP1RequestGuard, which sees the raw head; answered here so the 400
            // is JSON like every other error and is counted.
            if request.headers[Self.rejected] != nil { throw APIError.badHost }
            response = try await next(request, context)
        } catch let error as APIError {
            response = try error.response(from: request, context: context)
        } catch let error as HTTPError where error.status == .notFound {
            response = try notFound(request).response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            let status = error.status
            let mapped = status == .contentTooLarge ? APIError.bodyTooLarge : APIError(status, "http_\(status.code)", status.reasonPhrase)
            response = try mapped.response(from: request, context: context)
        } catch let error as StoreError {
            logger.error("\(request.method) \(request.uri.path): \(error)")
            response = try APIError.databaseUnavailable.response(from: request, context: context)
        } catch {
            logger.error("\(request.method) \(request.uri.path): \(error)")
            response = try APIError.unexpected.response(from: request, context: context)
        }
        metrics.recordRequest(status: response.status.code)
        return response
    }

    func notFound(_ request: Request) -> APIError {
        let allowed = routes.table?.methods(forPath: request.uri.path) ?? []
        guard !allowed.isEmpty else { return APIError.notFound(Messages.Server.notFound) }
        return APIError(.methodNotAllowed, "method_not_allowed", Messages.Server.methodNotAllowed, headers: [.allow: allowed.joined(separator: ", ")])
    }
}

/// The route table, known only once every route is added (after the middleware).
final class RouteTableBox: Sendable {
    private let value = Mutex<RouteTable?>(nil)
    var table: RouteTable? { value.withLock { $0 } }
    func set(_ table: RouteTable) { value.withLock { $0 = table } }
}

/// The registered routes (`GET /v1/me/activities`, `PUT /v1/devices/{id}/…`), for 405s and
/// for the test that keeps `docs/openapi.json` in step with the server.
public struct RouteTable: Sendable {
    public struct Route: Sendable, Hashable {
        public let method: String
        /// OpenAPI style: `/v1/devices/{id}`.
        public let path: String
    }

    public let routes: [Route]

    init(_ router: Router<APIRequestContext>) {
        routes = router.routes.map { description in
            let path = "/" + description.path.description.split(separator: "/").map { segment in
                segment.hasPrefix(":") ? "{\(segment.dropFirst())}" : String(segment)
            }.joined(separator: "/")
            return Route(method: description.method.rawValue, path: path)
        }
    }

    func methods(forPath path: String) -> [String] {
        let wanted = path.split(separator: "/", omittingEmptySubsequences: true)
        return routes.filter { route in
            let template = route.path.split(separator: "/", omittingEmptySubsequences: true)
            return template.count == wanted.count && zip(template, wanted).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }.map(\.method).sorted()
    }
}
