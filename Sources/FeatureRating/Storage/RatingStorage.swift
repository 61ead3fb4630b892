import Core
import Foundation

/// Where the rating engine's state lives between launches.
public protocol RatingStorage: Sendable {
  /// The stored state, or a fresh `RatingState()` when nothing was stored yet.
  /// - Throws: `RatingStorageError` when stored data cannot be read.
  func load() async throws -> RatingState
  /// Replaces the stored state.
  /// - Throws: `RatingStorageError` when the state cannot be written.
  func save(_ state: RatingState) async throws
}

/// Why rating state could not be loaded or saved.
public enum RatingStorageError: Error, Equatable, Sendable, AppErrorConvertible {
  /// The stored data is not a rating state; the payload says why.
  case corrupted(String)
  /// The state could not be encoded; the payload says why.
  case encodingFailed(String)

  /// Local persistence failed.
  public var appError: AppError {
    switch self {
    case .corrupted: return .storage(.corrupted)
    case .encodingFailed(let detail): return .storage(.failed(detail))
    }
  }
}

/// A `RatingStorage` in memory, for tests, previews and apps that do not persist ratings.
public actor InMemoryRatingStorage: RatingStorage {
  private var state: RatingState
  /// How many times `save` was called.
  public private(set) var saveCount = 0

  /// Creates a storage holding `state`.
  public init(_ state: RatingState = RatingState()) {
    self.state = state
  }

  /// The stored state.
  public func load() async throws -> RatingState {
    state
  }

  /// Replaces the stored state.
  public func save(_ state: RatingState) async throws {
    self.state = state
    saveCount += 1
  }

  /// The stored state, without counting as a load.
  public var stored: RatingState { state }
}
