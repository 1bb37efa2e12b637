import Hummingbird
import SidelineCore

/// Path parameters, checked before anything looks them up.
enum PathValues {
    /// `dev-` and 8 hex digits.
    static func deviceID(_ context: APIRequestContext) throws(APIError) -> String {
        let id = context.parameters.get("id") ?? ""
        guard DeviceID.isWellFormed(id) else {
            throw APIError.invalidPath("device id")
        }
        return id
    }

    /// Activity ids are `<registration>-<season>w<week>-<n>`; anything plausible up to 100
    /// characters is looked up (an unknown one is a 404).
    static func activityID(_ context: APIRequestContext) throws(APIError) -> String {
        let id = context.parameters.get("activity") ?? ""
        guard !id.isEmpty, id.count <= 100, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw APIError.invalidPath("activity id")
        }
        return id
    }

    static func registrationID(_ context: APIRequestContext) throws(APIError) -> Int64 {
        let text = context.parameters.get("id") ?? ""
        guard text.count <= 18, text.allSatisfy(\.isASCII), let id = Int64(text), id > 0 else { throw APIError.invalidPath("registration id") }
        return id
    }
}
