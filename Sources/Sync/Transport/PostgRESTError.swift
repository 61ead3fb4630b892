import Foundation

/// A refusal in PostgREST's shape, `{"code","message","details","hint"}`, with its HTTP
/// status (docs/SYNC.md §4). `code` is a SQLSTATE (`22023`, `42501`) or a PostgREST code
/// (`PGRST301`); every part is `nil` when the body did not have it.
public struct PostgRESTError: Error, Sendable, Equatable, Hashable, Codable {
  /// The HTTP status.
  public var status: Int
  /// The error code.
  public var code: String?
  /// A sentence for developers.
  public var message: String?
  /// More about what was wrong, e.g. which change.
  public var details: String?
  /// What to do about it.
  public var hint: String?

  /// An error with every part given.
  public init(
    status: Int, code: String?, message: String? = nil, details: String? = nil,
    hint: String? = nil
  ) {
    self.status = status
    self.code = code
    self.message = message
    self.details = details
    self.hint = hint
  }

  /// The error an answer with `status` and `body` carries. A body of another shape (a
  /// proxy's HTML page, say) keeps only the status; each text is cut to 1,000 characters.
  public init(status: Int, body: Data) {
    self.init(status: status, code: nil)
    guard let fields = try? JSONDecoder().decode(Fields.self, from: body) else { return }
    code = fields.code.map(Self.bounded)
    message = fields.message.map(Self.bounded)
    details = fields.details.map(Self.bounded)
    hint = fields.hint.map(Self.bounded)
  }

  private struct Fields: Decodable {
    var code: String?
    var message: String?
    var details: String?
    var hint: String?
  }

  private static func bounded(_ text: String) -> String {
    text.count > 1000 ? String(text.prefix(1000)) : text
  }
}

extension PostgRESTError: CustomStringConvertible {
  /// Status and code, for logs.
  public var description: String {
    "PostgREST \(status) \(code ?? "without a code")"
  }
}
