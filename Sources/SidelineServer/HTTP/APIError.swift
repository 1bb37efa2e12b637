import Foundation
import Hummingbird
import SidelineCore

/// An API error: a status and `{"error": {"code", "message"}}`. Messages come from
/// `Messages.Server` or from the services, and never repeat a secret, a token or the body.
public struct APIError: Error, HTTPResponseError, Sendable, CustomStringConvertible {
    public let status: HTTPResponse.Status
    public let code: String
    public let message: String
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, _ code: String, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    public var description: String { "\(status.code) \(code): \(message)" }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = JSONResponse.make(ErrorBody(error: .init(code: code, message: message)), status: status)
        response.headers.append(contentsOf: headers)
        return response
    }

    struct ErrorBody: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
        }
        let error: Detail
    }
}

extension APIError {
    static func invalidBody(_ message: String) -> APIError { APIError(.badRequest, "invalid_body", message) }
    static let badHost = APIError(.badRequest, "bad_request", Messages.Server.badHost)
    static let malformedJSON = APIError(.badRequest, "malformed_json", Messages.Server.malformedJSON)
    static let bodyTooLarge = APIError(.contentTooLarge, "body_too_large", Messages.Server.bodyTooLarge)
    static let notJSON = APIError(.unsupportedMediaType, "unsupported_media_type", Messages.Server.notJSON)
    static func unauthorized(_ message: String) -> APIError {
        APIError(.unauthorized, "unauthorized", message, headers: [.wwwAuthenticate: "Bearer realm=\"sideline\""])
    }
    static func forbidden(_ message: String) -> APIError { APIError(.forbidden, "forbidden", message) }
    static func notFound(_ message: String) -> APIError { APIError(.notFound, "not_found", message) }
    static func invalidPath(_ what: String) -> APIError { APIError(.badRequest, "invalid_parameter", Messages.Server.badPathValue(what)) }
    static func tooManyAttempts(retryAfter seconds: Int) -> APIError {
        APIError(.tooManyRequests, "too_many_attempts", Messages.Server.tooManyAttempts(seconds: seconds), headers: [.retryAfter: String(seconds)])
    }
    static let unexpected = APIError(.internalServerError, "internal", Messages.Server.unexpected)
    static let databaseUnavailable = APIError(.serviceUnavailable, "database_unavailable", Messages.Server.databaseUnavailable)
}
