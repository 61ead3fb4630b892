import Foundation
import JOSE

/// GoTrue's admin routes for the service role: `GET /admin/users` (paginated),
/// `GET /admin/users/{id}` and `DELETE /admin/users/{id}`.
struct AdminRoutes: AuthRoutes {
  let components: AuthComponents

  /// The prefix of the admin user routes.
  static let usersRoute = "/admin/users"
  /// `per_page` when none is given (GoTrue's default) and the most one page holds.
  static let defaultPerPage = 50
  static let maximumPerPage = 1000

  func admin(_ request: BackendRequest, route: String) async throws(AuthFailure) -> BackendResponse
  {
    let rest = route.dropFirst(Self.usersRoute.count)
    if rest.isEmpty {
      guard request.method == "GET" else { throw .methodNotAllowed }
      try await requireServiceRole(request)
      return try await listUsers(request)
    }
    guard rest.hasPrefix("/"), !rest.dropFirst().contains("/") else { throw .notFound }
    guard request.method == "GET" || request.method == "DELETE" else { throw .methodNotAllowed }
    try await requireServiceRole(request)
    guard let id = UUID(uuidString: String(rest.dropFirst())) else {
      throw AuthFailure(status: 404, code: "validation_failed", message: "user_id must be an UUID")
    }
    let found = try await stored { () async throws(AuthStoreError) in
      try await store.user(id: id)
    }
    guard let user = found else { throw .userNotFound }
    if request.method == "GET" { return Self.json(try await userJSON(user)) }
    // The same erasure as delete-account: the proxy's data first, then the account, then
    // what requests in flight wrote meanwhile.
    let userID = user.id.uuidString.lowercased()
    try await components.eraseBeforeDeleting(userID)
    guard
      try await stored({ () async throws(AuthStoreError) in try await store.deleteUser(id: id) })
    else { throw .userNotFound }
    await components.eraseAfterDeleting(userID)
    return Self.json(.object([:]))
  }

  /// Passes a request whose bearer token is a service-role key of this project; a user's
  /// access token is refused with GoTrue's 403 `not_admin`.
  func requireServiceRole(_ request: BackendRequest) async throws(AuthFailure) {
    guard let header = request.header("Authorization"),
      header.lowercased().hasPrefix("bearer "),
      case let token = header.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces),
      !token.isEmpty
    else { throw .noAuthorization }
    if try await keyring.isServiceRoleKey(token, now: now) { return }
    do {
      _ = try await keyring.principal(authorization: header)
    } catch let rejection as JWTRejection {
      throw .badJWT(rejection.explanation)
    } catch let failure as AuthFailure {
      throw failure
    } catch {
      throw .unexpected
    }
    throw .notAdmin
  }

  func listUsers(_ request: BackendRequest) async throws(AuthFailure) -> BackendResponse {
    let page = try Self.pagination(request.queryValue("page"), default: 1, maximum: Int.max / 2)
    let perPage = try Self.pagination(
      request.queryValue("per_page"), default: Self.defaultPerPage, maximum: Self.maximumPerPage)
    let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
    guard !overflow else { throw .validation("Bad Pagination Parameters: page is too large") }
    let listing = try await stored { () async throws(AuthStoreError) in
      try await store.users(offset: offset, limit: perPage)
    }
    var users: [StrictJSONValue] = []
    for user in listing.users { users.append(try await userJSON(user)) }
    var headers = [(name: "X-Total-Count", value: String(listing.total))]
    let lastPage = max(1, (listing.total + perPage - 1) / perPage)
    var links: [String] = []
    let path = AuthService.authPrefix + Self.usersRoute
    if page < lastPage {
      links.append("<\(path)?page=\(page + 1)&per_page=\(perPage)>; rel=\"next\"")
    }
    links.append("<\(path)?page=\(lastPage)&per_page=\(perPage)>; rel=\"last\"")
    headers.append((name: "Link", value: links.joined(separator: ", ")))
    let body = JSONText.serialize(
      .object(["users": .array(users), "aud": .string("authenticated")]))
    return .json(status: 200, Array(body.utf8), headers: headers)
  }

  /// A positive `page` or `per_page` value; GoTrue's 400 for anything else.
  static func pagination(
    _ text: String?, default fallback: Int, maximum: Int
  ) throws(AuthFailure) -> Int {
    guard let text else { return fallback }
    guard let value = Int(text), value >= 1 else {
      throw .validation("Bad Pagination Parameters: page and per_page must be positive integers")
    }
    return min(value, maximum)
  }
}

extension AuthFailure {
  static let notAdmin = AuthFailure(status: 403, code: "not_admin", message: "User not allowed")
}

extension AuthKeyring {
  /// Whether `token` is a service-role key of this project: the issued one (compared in
  /// constant time) or any unexpired HS256 JWT with role `service_role` signed with the
  /// project secret.
  func isServiceRoleKey(_ token: String, now: Date) async throws(AuthFailure) -> Bool {
    let bytes = Array(token.utf8)
    if ConstantTime.equals(bytes, Array(try await apiKeys().serviceRoleKey.utf8)) { return true }
    let secret = Array(try await projectSecret().secret.utf8)
    guard Self.isSignedAPIKey(bytes, secret: secret, now: now.timeIntervalSince1970)
    else { return false }
    let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 3, let payload = Base64URL.decode(utf8: parts[1]),
      let claims = try? StrictJSONParser().parseObject(payload)
    else { return false }
    return claims["role"] == .string("service_role")
  }
}
