import Foundation
import Hummingbird
import Logging
import SidelineLoopback

/// The fake Sleeper on loopback: Sleeper's API, the scores feed and ESPN's scoreboard on
/// one base URL, served from a ``FakeSleeperWorld``.
///
/// ```swift
/// let server = FakeSleeperServer(world: world)
/// let base = try await server.start()   // http://127.0.0.1:<port>
/// …
/// await server.stop()
/// ```
public actor FakeSleeperServer {
    public let world: FakeSleeperWorld
    private let logger: Logger
    private var server: LoopbackServer?

    public init(world: FakeSleeperWorld, logger: Logger = Logger(label: "sideline.fake-sleeper")) {
        self.world = world
        var quiet = logger
        quiet.logLevel = .warning
        self.logger = quiet
    }

    /// Binds `127.0.0.1` on a free port and returns the base URL once it accepts connections.
    public func start() async throws -> URL {
        if let server { return server.baseURL }
        let server = try await LoopbackServer.start(name: "FakeSleeper", responder: FakeSleeperResponder(world: world), logger: logger)
        self.server = server
        return server.baseURL
    }

    /// Stops serving and waits until the port is closed.
    public func stop() async {
        await server?.stop()
        server = nil
    }
}

/// Remembers the client's port (so tests can tell whether connections are reused) and
/// address (so they can tell pollers with their own source addresses apart).
struct FakeSleeperContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let remotePort: Int?
    let remoteAddress: String?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remotePort = source.channel.remoteAddress?.port
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }
}

struct FakeSleeperResponder: HTTPResponder {
    let world: FakeSleeperWorld

    func respond(to request: Request, context: FakeSleeperContext) async throws -> Response {
        let path = request.uri.path
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName.lowercased()] = field.value }
        let retryAfter = world.record(method: request.method.rawValue, path: path, query: request.uri.query ?? "",
                                      headers: headers, remotePort: context.remotePort, remoteAddress: context.remoteAddress)
        if let retryAfter {
            return Self.response(status: 429, body: Data(#"{"error":"too many requests"}"#.utf8), headers: ["Retry-After": String(retryAfter)])
        }

        switch world.takeFailure(for: path) {
        case .status(let status, let retryAfter, let body)?:
            var extra: [String: String] = [:]
            if let retryAfter { extra["Retry-After"] = retryAfter }
            return Self.response(status: status, body: Data(body.utf8), headers: extra)
        case .garbage(let body)?:
            return Self.response(status: 200, body: Data(body.utf8), headers: [:])
        case .raw(let status, let rawHeaders, let body)?:
            return Self.response(status: status, body: body, headers: rawHeaders)
        case .delay(let duration)?:
            try await Task.sleep(for: duration)
        case nil:
            break
        }

        let query = Self.query(request.uri.queryParameters)
        let answer = world.route(path: path, query: query) ?? world.answer(for: path + "?" + (request.uri.query ?? "")) { snapshot in
            FakeSleeperRoutes.answer(path: path, query: query, world: snapshot)
        }
        guard (200..<300).contains(answer.status) else {
            return Self.response(status: answer.status, body: answer.body, headers: answer.headers)
        }
        let etag = FakeSleeperRoutes.etag(for: answer.body)
        if let ifNoneMatch = headers["if-none-match"], ifNoneMatch.split(separator: ",").contains(where: {
            $0.trimmingCharacters(in: .whitespaces) == etag
        }) {
            return Self.response(status: 304, body: Data(), headers: ["ETag": etag])
        }
        var answerHeaders = answer.headers
        answerHeaders["ETag"] = etag
        return Self.response(status: answer.status, body: answer.body, headers: answerHeaders)
    }

    /// The query as the routes read it. Hummingbird decodes values but not names, so
    /// `position%5B%5D` is decoded here; a repeated name (`position[]=QB&position[]=RB`)
    /// keeps every value, comma-joined in arrival order (`"QB,RB"`).
    static func query(_ parameters: some Sequence<(key: Substring, value: Substring)>) -> [String: String] {
        var query: [String: String] = [:]
        for (key, value) in parameters {
            let name = String(key).removingPercentEncoding ?? String(key)
            query[name] = query[name].map { $0 + "," + value } ?? String(value)
        }
        return query
    }

    static func response(status: Int, body: Data, headers: [String: String]) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = "application/json; charset=utf-8"
        for (name, value) in headers {
            // `HTTPField` itself is not re-exported by Hummingbird; reach it through `HTTPFields`.
            if let fieldName = HTTPFields.Element.Name(name) { fields[fieldName] = value }
        }
        return Response(
            status: HTTPResponse.Status(code: status),
            headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        )
    }
}
