import Core

/// Whether a conversation has been read from storage (`ChatViewModel.LoadState`).
public enum ChatLoadState: Sendable, Equatable {
  /// `load()` has not been called.
  case notLoaded
  /// Reading.
  case loading
  /// Read; `messages` holds the newest page.
  case loaded
  /// Reading failed.
  case failed(AppError)
}
