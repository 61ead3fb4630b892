/// Kiln's version, shown by `kiln --version` and sent as `X-App-Version`.
public enum KilnVersion {
  /// The semantic version of this build.
  public static let current = "0.1.0"
}
