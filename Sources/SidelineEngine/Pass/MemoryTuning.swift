#if canImport(Glibc)
import Glibc
#endif

/// Process-wide allocator settings for the long-running commands.
public enum MemoryTuning {
    /// glibc gives each thread that contends for the heap its own arena (up to 8 per core),
    /// and memory freed into one arena is not reused by another. A kickoff pass allocates
    /// and frees a few hundred megabytes across the concurrency pool's threads, so the
    /// resident size ratchets up with every arena: at 50,000 registrations, 370 MB resident
    /// for 150 MB of live heap. Two arenas keep it near the live heap (`sideline-bench`,
    /// README "Benchmark"); `MALLOC_ARENA_MAX` in the environment still wins.
    public static func limitAllocatorArenas(to count: Int32 = 2) {
        #if canImport(Glibc)
        guard getenv("MALLOC_ARENA_MAX") == nil else { return }
        // `mallopt` is declared in <malloc.h>, which the Glibc module does not import; look
        // it up instead (a libc without it, such as musl, is simply left alone).
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let arenaMax: Int32 = -8 // M_ARENA_MAX
        _ = unsafeBitCast(symbol, to: MallOpt.self)(arenaMax, count)
        #endif
    }

    /// Hands memory freed by a pass back to the system (`malloc_trim`): a kickoff pass
    /// builds tens of thousands of events and frees them, and without this the daemon keeps
    /// that high-water mark resident all Sunday. Costs a few milliseconds; call between passes.
    public static func releaseFreedMemory() {
        #if canImport(Glibc)
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}
