extension L10n {
  /// The three onboarding pages shown on first launch.
  public enum Onboarding {
    /// "Meet Your AI Assistant".
    public static var firstPageTitle: String { text(.firstPageTitle) }
    /// "Ask questions, brainstorm ideas and get answers in seconds."
    public static var firstPageDescription: String { text(.firstPageDescription) }
    /// "Answers in Real Time".
    public static var secondPageTitle: String { text(.secondPageTitle) }
    /// "Watch replies appear as they are written, and stop them whenever you like."
    public static var secondPageDescription: String { text(.secondPageDescription) }
    /// "Private and Yours".
    public static var thirdPageTitle: String { text(.thirdPageTitle) }
    /// "Your chats stay on your device and sync only if you choose."
    public static var thirdPageDescription: String { text(.thirdPageDescription) }
    /// "Get Started": the last page's button.
    public static var getStarted: String { text(.getStarted) }
    /// "Skip".
    public static var skip: String { text(.skip) }
    /// "Page <current> of <total>".
    public static func pageIndicator(current: Int, total: Int) -> String {
      text(.pageIndicator, [.integer(current), .integer(total)])
    }

    package enum Key: String, LocalizationKey {
      package static let namespace = "onboarding"
      case firstPageTitle, firstPageDescription, secondPageTitle, secondPageDescription
      case thirdPageTitle, thirdPageDescription, getStarted, skip, pageIndicator
    }

    private static func text(_ key: Key, _ arguments: [LocalizationArgument] = []) -> String {
      L10n.text(key, arguments)
    }
  }
}
