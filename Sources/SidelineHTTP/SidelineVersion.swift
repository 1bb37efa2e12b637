/// The version string Sideline reports in `User-Agent`.
public enum SidelineVersion {
    public static let current = "0.1.0"
}
