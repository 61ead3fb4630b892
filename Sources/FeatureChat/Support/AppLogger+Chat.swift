import Core

extension AppLogger {
  /// Maps `error` to an `AppError` and logs it with `action` (never message text); a
  /// cancellation is what the user asked for, so it is not logged.
  @discardableResult
  func chatFailure(_ action: String, _ error: any Error) -> AppError {
    let appError = AppError.from(error)
    if appError != .cancelled { self.error(action, error, category: .feature) }
    return appError
  }
}
