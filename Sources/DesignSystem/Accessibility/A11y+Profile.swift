extension A11y {
  /// Profile labels.
  public enum Profile {
    /// "Profile photo": Double tap to change your profile photo.
    public static let photo = A11yEntry("profile.photo", traits: [.button, .image])

    /// "Display name": Double tap to edit your name.
    public static let displayName = A11yEntry("profile.displayName", traits: [.button])

    /// "Edit profile": Double tap to edit your profile.
    public static let editButton = A11yEntry("profile.editButton", traits: [.button])

    /// "Save": Double tap to save your changes.
    public static let saveButton = A11yEntry("profile.saveButton", traits: [.button])

    /// "Account email: {address}".
    public static func accountEmail(address: String) -> A11yEntry {
      A11yEntry(
        "profile.accountEmail", hint: false, traits: [.staticText], arguments: ["address": address])
    }

    /// Every entry, parameterized ones with sample values, for the catalogue tests.
    public static var all: [A11yEntry] {
      [photo, displayName, editButton, saveButton, accountEmail(address: "ada@kiln.dev")]
    }
  }
}
