import Foundation
import SidelineEngine

// `sideline-bench`: adaptive polling at scale, measured. See README "Benchmark".
//
//   sideline-bench [RUN] [options]   (`sideline-bench --help` lists the runs and options)
//   sideline-bench serve <leagues> [edge cache seconds]   (internal: the synthetic Sleeper, in its own process)

// As `sideline run` and `sideline tick` do (see MemoryTuning).
MemoryTuning.limitAllocatorArenas()
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "serve" {
    let options = arguments.dropFirst()
    await BenchServer.serve(leagues: options.first.flatMap { Int($0) } ?? 100,
                            edgeCacheSeconds: options.dropFirst().first.flatMap { Double($0) } ?? BenchEdgeCache.sleeperLifetime)
} else {
    let exit = await BenchMain.run(arguments)
    Foundation.exit(exit)
}
