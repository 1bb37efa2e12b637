import Foundation
import SidelineCore

/// The compact encodings of the store's hot rows (format in ``CompactWriter``). Each row
/// starts with its format version; a change of layout takes a new version, and rows of
/// the older ones keep reading (or a migration rewrites them).
package enum CompactRows {
    /// Lifecycle rows: 1 until issue 21; 2 adds the view's win probability (the view's last
    /// field) and the activity's last win swing (after the view). Rows of version 1 stay on
    /// users' disks until their registration's next step rewrites them, so both read; the
    /// header before the view is the same in both.
    static let lifecycleVersion: UInt8 = 2
    static let lifecycleVersions: ClosedRange<UInt8> = 1...lifecycleVersion
    static let snapshotVersion: UInt8 = 1

    // MARK: Lifecycle states

    static func encode(_ state: LifecycleState) -> [UInt8] {
        var writer = CompactWriter(version: lifecycleVersion, capacity: state.activity == nil ? 16 : 1024)
        writeLifecycle(state, &writer) { writer, view in write(view, &writer) }
        return writer.bytes
    }

    /// A league's or a person's lifecycle (person rows: CompactRows+Person.swift), its view written by `view`.
    static func writeLifecycle<View>(_ state: ActivityLifecycle<View>, _ writer: inout CompactWriter, view: (inout CompactWriter, View) -> Void) {
        writer.int(state.startedCount)
        writer.optional(state.lastEndedAt) { $0.date($1) }
        writer.optional(state.activity) { writer, activity in
            writer.string(activity.id)
            writer.date(activity.startedAt)
            switch activity.phase {
            case .live:
                writer.bool(false)
            case .grace(let since):
                writer.bool(true)
                writer.date(since)
            }
            writer.optional(activity.lastEventAt) { $0.date($1) }
            view(&writer, activity.lastView)
            // Version 2: after the view.
            writer.optional(activity.winSwing) { writer, swing in
                writer.int(winSwingSides.firstIndex(of: swing.side) ?? 0)
                writer.optional(swing.at) { $0.date($1) }
            }
        }
    }

    static func lifecycleState(_ bytes: [UInt8]) throws -> LifecycleState {
        var reader = try CompactReader(bytes, versions: lifecycleVersions, what: "lifecycle row")
        let state = try lifecycle(&reader) { try matchupView(&$0) }
        guard reader.isAtEnd else { throw CompactCodingError(description: "lifecycle row: trailing bytes") }
        return state
    }

    /// What ``writeLifecycle(_:_:view:)`` wrote, its view read by `view`.
    static func lifecycle<View>(_ reader: inout CompactReader, view: (inout CompactReader) throws -> View) throws -> ActivityLifecycle<View> {
        let header = try lifecycleHeader(&reader)
        var activity: ActivityRun<View>?
        if let open = header.activity {
            let phase: ActivityRun<View>.Phase = open.graceSince.map { .grace(since: $0) } ?? .live
            let lastView = try view(&reader)
            // A version 1 row has no swing: none to space the next one from.
            let winSwing = reader.version >= 2 ? try reader.optional { try swing(&$0) } : nil
            activity = ActivityRun(id: open.id, startedAt: open.startedAt, phase: phase, lastView: lastView, lastEventAt: open.lastEventAt, winSwing: winSwing)
        }
        return ActivityLifecycle(activity: activity, startedCount: header.startedCount, lastEndedAt: header.lastEndedAt)
    }

    typealias LifecycleHeader = (startedCount: Int, lastEndedAt: Date?, activity: (id: String, startedAt: Date, graceSince: Date?, lastEventAt: Date?)?)

    /// Everything before the last view: what ``LifecycleRow`` reads without decoding the rest.
    static func lifecycleHeader(_ reader: inout CompactReader) throws -> LifecycleHeader {
        let startedCount = try reader.int()
        let lastEndedAt = try reader.optional { try $0.date() }
        guard try reader.bool() else { return (startedCount, lastEndedAt, nil) }
        let id = try reader.string()
        let startedAt = try reader.date()
        let graceSince = try reader.bool() ? try reader.date() : nil
        let lastEventAt = try reader.optional { try $0.date() }
        return (startedCount, lastEndedAt, (id, startedAt, graceSince, lastEventAt))
    }

    static func write(_ view: MatchupView, _ writer: inout CompactWriter) {
        writer.string(view.leagueName)
        writer.string(view.season)
        writer.int(view.week)
        writer.bool(view.hasMedianGame)
        write(view.me, &writer)
        writer.optional(view.opponent) { write($1, &$0) }
        writer.optional(view.winProbability) { $0.double($1) } // version 2
    }

    static func matchupView(_ reader: inout CompactReader) throws -> MatchupView {
        let leagueName = try reader.string()
        let season = try reader.string()
        let week = try reader.int()
        let hasMedianGame = try reader.bool()
        let me = try lineup(&reader)
        let opponent = try reader.optional { try lineup(&$0) }
        // A version 1 row predates win probabilities: not known.
        let winProbability = reader.version >= 2 ? try reader.optional { try $0.double() } : nil
        return MatchupView(leagueName: leagueName, season: season, week: week, me: me, opponent: opponent, hasMedianGame: hasMedianGame,
                           winProbability: winProbability)
    }

    static func write(_ lineup: LineupView, _ writer: inout CompactWriter) {
        writer.int(lineup.rosterID)
        writer.string(lineup.teamName)
        writer.double(lineup.points)
        writer.array(lineup.starters) { writer, line in
            writer.string(line.playerID)
            writer.string(line.name)
            writer.optional(line.position) { $0.string($1) }
            writer.optional(line.team) { $0.string($1.rawValue) }
            writer.double(line.points)
            writer.int(starterStates.firstIndex(of: line.state) ?? 0)
            writer.optional(line.kickoff) { $0.date($1) }
        }
    }

    static func lineup(_ reader: inout CompactReader) throws -> LineupView {
        let rosterID = try reader.int()
        let teamName = try reader.string()
        let points = try reader.double()
        let starters = try reader.array { reader -> StarterLine in
            let playerID = try reader.string()
            let name = try reader.string()
            let position = try reader.optional { try $0.string() }
            let team = try reader.optional { TeamCode(normalized: try $0.string()) }
            let points = try reader.double()
            let state = try reader.int()
            guard starterStates.indices.contains(state) else { throw CompactCodingError(description: "unknown starter state \(state)") }
            let kickoff = try reader.optional { try $0.date() }
            return StarterLine(playerID: playerID, name: name, position: position, team: team, points: points, state: starterStates[state], kickoff: kickoff)
        }
        return LineupView(rosterID: rosterID, teamName: teamName, points: points, starters: starters)
    }

    /// Stored by position: append new states at the end, never reorder.
    static let starterStates: [StarterState] = [.toPlay, .playing, .done, .notPlaying]

    static func swing(_ reader: inout CompactReader) throws -> WinSwing {
        let side = try reader.int()
        guard winSwingSides.indices.contains(side) else { throw CompactCodingError(description: "unknown win swing side \(side)") }
        return WinSwing(side: winSwingSides[side], at: try reader.optional { try $0.date() })
    }

    /// Stored by position, like ``starterStates``.
    static let winSwingSides: [WinSwing.Side] = [.me, .them]

    // MARK: Matchups snapshots

    package static func encode(_ entries: [MatchupEntry]) -> [UInt8] {
        var writer = CompactWriter(version: snapshotVersion, capacity: 256 * max(entries.count, 1))
        writer.array(entries) { writer, entry in
            writer.int(entry.rosterID)
            writer.optional(entry.matchupID) { $0.int($1) }
            writer.double(entry.points)
            writer.array(entry.starters) { $0.string($1) }
            writer.optional(entry.startersPoints) { writer, points in writer.array(points) { $0.double($1) } }
            writer.array(entry.players) { $0.string($1) }
            // Sorted, so that equal snapshots are equal bytes. (Cheaper than following the
            // order of `players`: that took a dictionary lookup per player, and hashing ids
            // cost more than comparing them.)
            writer.optional(entry.playersPoints) { writer, points in
                writer.array(points.sorted { $0.key < $1.key }) { writer, pair in
                    writer.string(pair.key)
                    writer.double(pair.value)
                }
            }
        }
        return writer.bytes
    }

    package static func matchupEntries(_ bytes: [UInt8]) throws -> [MatchupEntry] {
        var reader = try CompactReader(bytes, version: snapshotVersion, what: "snapshot row")
        let entries = try reader.array { reader -> MatchupEntry in
            let rosterID = try reader.int()
            let matchupID = try reader.optional { try $0.int() }
            let points = try reader.double()
            let starters = try reader.array { try $0.string() }
            let startersPoints = try reader.optional { reader in try reader.array { try $0.double() } }
            let players = try reader.array { try $0.string() }
            let playersPoints = try reader.optional { reader -> [String: Double] in
                let pairs = try reader.array { reader in (try reader.string(), try reader.double()) }
                return Dictionary(pairs, uniquingKeysWith: { _, last in last })
            }
            return MatchupEntry(rosterID: rosterID, matchupID: matchupID, points: points, starters: starters,
                                startersPoints: startersPoints, players: players, playersPoints: playersPoints)
        }
        guard reader.isAtEnd else { throw CompactCodingError(description: "snapshot row: trailing bytes") }
        return entries
    }
}
