import Foundation
import SidelineDeviceClient

/// Every service the app uses, behind its protocol: the real ones on a phone, fakes in
/// previews (the seeds' protocol + real + fake pattern). The type lives in SidelineKit with
/// the session it builds, so the session's rules are tested on Linux.
typealias AppServices = DeviceSession.Services

extension DeviceSession.Services {
    static func live() -> AppServices {
        let support = URL.applicationSupportDirectory.appending(path: "Sideline", directoryHint: .isDirectory)
        #if DEBUG
        let isDebug = true
        #else
        let isDebug = false
        #endif
        return AppServices(
            api: URLSessionDeviceAPI(),
            secrets: KeychainSecretStore(),
            reportingStorage: FileValueStore(url: support.appending(path: "token-reporting.json")),
            activitiesCache: FileValueStore(url: support.appending(path: "my-activities.json")),
            activityEvents: ActivityKitEventSource(),
            environment: .forBuild(isDebug: isDebug)
        )
    }

    static func preview(paired: Bool = true) -> AppServices {
        let device = DeviceCredentials(server: URL(string: "https://sideline.example.com")!, deviceID: "dev-0a1b2c3d",
                                       deviceSecret: "dev-0a1b2c3d.preview", environment: .sandbox)
        return AppServices(
            api: FakeDeviceAPI(activities: FakeMyActivities.live),
            secrets: InMemorySecretStore(paired ? device : nil),
            reportingStorage: InMemoryValueStore(),
            activitiesCache: InMemoryValueStore(),
            activityEvents: FakeActivityEventSource(),
            environment: .sandbox
        )
    }
}
