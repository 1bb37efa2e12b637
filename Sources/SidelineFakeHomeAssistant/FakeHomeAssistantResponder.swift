import Foundation
import Hummingbird
import SidelineCore

/// Reads a request whole, lets ``FakeHomeAssistantState`` answer and record it, and writes
/// the answer.
struct FakeHomeAssistantResponder: HTTPResponder {
    /// Far above any notify body (HA's own limit is 16 MB; ours are under 1 KB).
    static let maximumBody = 1 << 20

    let state: FakeHomeAssistantState

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName.lowercased()] = field.value }
        let body = Data(try await request.body.collect(upTo: Self.maximumBody).readableBytesView)
        // `nil` is an answer here, not a lost error: a body that is not JSON is what the
        // notify route answers 400 for.
        let json = body.isEmpty ? nil : try? JSONDecoder().decode(JSONValue.self, from: body)
        let answer = state.handle(method: request.method.rawValue, path: request.uri.path, headers: headers, body: body, json: json)
        var fields: HTTPFields = [.contentType: answer.contentType]
        for (name, value) in answer.headers {
            // `HTTPField` itself is not re-exported by Hummingbird; reach it through `HTTPFields`.
            if let name = HTTPFields.Element.Name(name) { fields[name] = value }
        }
        return Response(
            status: HTTPResponse.Status(code: answer.status),
            headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body))
        )
    }
}
