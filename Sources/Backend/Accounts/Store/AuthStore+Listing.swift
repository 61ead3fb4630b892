import Foundation

/// One page of the accounts a store holds, for `GET /admin/users`.
public struct AuthUserListing: Sendable, Hashable {
  /// The page's accounts, oldest first.
  public var users: [AuthUserRecord]
  /// How many accounts the store holds in all.
  public var total: Int

  /// A page with every part given.
  public init(users: [AuthUserRecord], total: Int) {
    self.users = users
    self.total = total
  }
}

extension AuthUserRecord {
  /// The admin list's order: oldest first, ties by id.
  static func listedBefore(_ left: AuthUserRecord, _ right: AuthUserRecord) -> Bool {
    if left.createdAt != right.createdAt { return left.createdAt < right.createdAt }
    return left.id.uuidString < right.id.uuidString
  }
}
