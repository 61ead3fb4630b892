extension L10n {
  /// Profile screen strings.
  public enum Profile {
    /// "Profile".
    public static var title: String { text(.title) }
    /// "Display Name".
    public static var displayName: String { text(.displayName) }
    /// "Your name": display-name placeholder.
    public static var displayNamePlaceholder: String { text(.displayNamePlaceholder) }
    /// "Edit Profile".
    public static var edit: String { text(.edit) }
    /// "Profile Photo".
    public static var photo: String { text(.photo) }
    /// "Change Photo".
    public static var changePhoto: String { text(.changePhoto) }
    /// "Remove Photo".
    public static var removePhoto: String { text(.removePhoto) }
    /// "Profile saved".
    public static var saved: String { text(.saved) }
    /// "Guest": shown when nobody is signed in.
    public static var guest: String { text(.guest) }
    /// "Free plan".
    public static var statusFree: String { text(.statusFree) }
    /// "Pro plan".
    public static var statusPro: String { text(.statusPro) }
    /// "Member since <date>".
    public static func memberSince(_ date: String) -> String {
      text(.memberSince, [.text(date)])
    }

    package enum Key: String, LocalizationKey {
      package static let namespace = "profile"
      case title, displayName, displayNamePlaceholder, edit, photo, changePhoto
      case removePhoto, saved, guest, statusFree, statusPro, memberSince
    }

    private static func text(_ key: Key, _ arguments: [LocalizationArgument] = []) -> String {
      L10n.text(key, arguments)
    }
  }
}
