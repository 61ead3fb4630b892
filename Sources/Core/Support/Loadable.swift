/// The state of something loaded asynchronously, as one value instead of loose booleans.
public enum Loadable<Value> {
  /// Nothing has been requested yet, or a load was cancelled.
  case idle
  /// A load is in progress.
  case loading
  /// The load produced a value.
  case loaded(Value)
  /// The load succeeded and found nothing.
  case empty
  /// The load failed.
  case failed(AppError)

  /// The loaded value, if any.
  public var value: Value? {
    if case .loaded(let value) = self { return value }
    return nil
  }

  /// The failure, if any.
  public var error: AppError? {
    if case .failed(let error) = self { return error }
    return nil
  }

  /// Whether a load is in progress.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// The state a finished load leads to: cancellation goes back to `.idle` (it is not a
  /// failure the user should see), other errors to `.failed`, and a value that `isEmpty`
  /// judges empty to `.empty`.
  public static func finished(
    _ result: Result<Value, any Error>, isEmpty: (Value) -> Bool = { _ in false }
  ) -> Loadable {
    switch result {
    case .success(let value):
      return isEmpty(value) ? .empty : .loaded(value)
    case .failure(let error):
      let appError = AppError.from(error)
      return appError == .cancelled ? .idle : .failed(appError)
    }
  }

  /// Runs `load` and returns the state it leads to (see `finished(_:isEmpty:)`).
  public static func load(
    isEmpty: (Value) -> Bool = { _ in false },
    _ load: () async throws -> Value
  ) async -> Loadable {
    do {
      return finished(.success(try await load()), isEmpty: isEmpty)
    } catch {
      return finished(.failure(error), isEmpty: isEmpty)
    }
  }
}

extension Loadable where Value: Collection {
  /// Runs `load`, treating an empty collection as `.empty`.
  public static func load(_ load: () async throws -> Value) async -> Loadable {
    await Self.load(isEmpty: { $0.isEmpty }, load)
  }
}

extension Loadable: Equatable where Value: Equatable {}
extension Loadable: Sendable where Value: Sendable {}
