import Foundation
import SidelineEngine

// `sideline-bench`: adaptive polling at scale, measured. See README "Benchmark".
//
//   sideline-bench [all|day100|day1000|window5000|kickoff5000|window5000x10|players] [--registrations N] [--until ISO]
//   sideline-bench envelope [--count N]  (µs to build and encode one lifecycle event)
//   sideline-bench serve <leagues>      (internal: the synthetic Sleeper, in its own process)

// As `sideline run` and `sideline tick` do (see MemoryTuning).
MemoryTuning.limitAllocatorArenas()
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "serve" {
    await BenchServer.serve(leagues: Int(arguments.dropFirst().first ?? "") ?? 100)
} else {
    let exit = await BenchMain.run(arguments)
    Foundation.exit(exit)
}
