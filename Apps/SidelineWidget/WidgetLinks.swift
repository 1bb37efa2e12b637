import Foundation

/// Where a tap on the Live Activity opens the app.
enum WidgetLinks {
    static func activities(_ activity: String) -> URL? {
        var components = URLComponents()
        components.scheme = "sideline"
        components.host = "activities"
        components.path = "/" + activity
        return components.url
    }
}
