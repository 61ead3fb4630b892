/// A result whose failure is always an `AppError`: what view models hand to views.
public typealias ResultOrError<Success> = Result<Success, AppError>

extension Result where Failure == AppError {
  /// Runs `body`, mapping any thrown error with `AppError.from(_:)`.
  public static func catching(_ body: () async throws -> Success) async -> Self {
    do {
      return .success(try await body())
    } catch {
      return .failure(AppError.from(error))
    }
  }
}
