import Foundation
import SidelineFakeSleeper
import SidelineSleeper
import SidelineHTTP

/// The synthetic Sleeper, run in a child process so that the parent's CPU time and memory
/// are Sideline's alone. It prints its base URL, takes the simulated instant from
/// `GET /_bench/now/<epoch seconds>`, and exits when its standard input closes. Matchups,
/// stats and projections go through a model of Sleeper's edge cache (``BenchEdgeCache``)
/// unless `edgeCacheSeconds` is 0.
enum BenchServer {
    static func serve(leagues count: Int, edgeCacheSeconds: TimeInterval) async {
        let world = FakeSleeperWorld()
        world.setRecording(false)
        let leagues = SyntheticLeagues(count: count)
        let players = SyntheticPlayers.playersJSON()
        let routes = BenchEdgeCache(lifetime: edgeCacheSeconds).wrap(leagues.router(playersJSON: players))
        world.setRouter { [world] path, query, now in
            if path.hasPrefix("/_bench/now/"), let seconds = Double(path.dropFirst("/_bench/now/".count)) {
                world.setNow(Date(timeIntervalSince1970: seconds))
                return (200, Data("{}".utf8))
            }
            return routes(path, query, now)
        }
        let server = FakeSleeperServer(world: world)
        do {
            let url = try await server.start()
            FileHandle.standardOutput.write(Data((url.absoluteString + "\n").utf8))
        } catch {
            FileHandle.standardError.write(Data("sideline-bench serve: \(error)\n".utf8))
            return
        }
        // Parent gone (stdin closed): stop.
        await Task.detached {
            while let line = readLine(), !line.isEmpty {}
        }.value
        await server.stop()
    }
}

/// Starts `sideline-bench serve` and talks to it.
final class BenchServerProcess {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    let baseURL: URL
    let transport = CurlTransport(timeout: 15)

    init(leagues: Int, edgeCacheSeconds: TimeInterval) throws {
        process.executableURL = Self.executable
        process.arguments = ["serve", String(leagues), String(edgeCacheSeconds)]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        guard let url = URL(string: String(decoding: line, as: UTF8.self)), url.scheme != nil else {
            throw BenchError("the synthetic Sleeper did not start")
        }
        baseURL = url
    }

    /// This benchmark's own binary, to run a part of it in a child process.
    static var executable: URL? {
        let invoked = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        return FileManager.default.isExecutableFile(atPath: invoked.path) ? invoked : Bundle.main.executableURL
    }

    func setNow(_ date: Date) async throws {
        let url = baseURL.appendingPathComponent("_bench/now/\(Int(date.timeIntervalSince1970))")
        _ = try await transport.get(url, headers: [:])
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
