/// The version of the Live Activity wire shape (attributes and content state).
///
/// Bump it whenever the encoded shape changes: a field added, renamed, removed or retyped,
/// or an enum case added. Fields added after version 1 must be optional so activities that
/// are already running keep decoding. A golden test fails when the shape changes and this
/// number does not.
public enum LiveActivitySchemaVersion {
    /// The version every content state and attributes value built by this code carries.
    ///
    /// - 1: the first shape.
    /// - 2: ``LiveActivityContentState/winChance`` (optional).
    /// - 3: a person's activity across their leagues: ``LiveActivityContentState/scope``,
    ///   ``LiveActivityContentState/leagues``, ``LiveActivityContentState/summary``,
    ///   ``LiveActivityContentState/highlight``, ``LiveActivityContentState/moreLeagues`` and
    ///   ``LiveActivityAttributes/scope`` (all optional).
    public static let current: Int = 3
}
