import Foundation
import SidelineEngine

// `sideline-bench`: adaptive polling at scale, measured. See README "Benchmark".
//
//   sideline-bench [RUN] [options]   (`sideline-bench --help` lists the runs and options)
//   sideline-bench serve <leagues>   (internal: the synthetic Sleeper, in its own process)

// As `sideline run` and `sideline tick` do (see MemoryTuning).
MemoryTuning.limitAllocatorArenas()
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "serve" {
    await BenchServer.serve(leagues: Int(arguments.dropFirst().first ?? "") ?? 100)
} else {
    let exit = await BenchMain.run(arguments)
    Foundation.exit(exit)
}
