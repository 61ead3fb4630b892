import Foundation
import JOSE

/// Mailed single-use links (recovery, sign-up confirmation): the token kept as a hash, the
/// message through the mailer, and where the link may send the browser.
extension AuthRoutes {
  /// Makes a token for `user`, keeps its hash and mails its link.
  func mail(
    _ kind: AuthMessage.Kind, purpose: OneTimeTokenRecord.Purpose, to user: AuthUserRecord,
    through mailer: any Mailer, redirectTo: String? = nil
  ) async throws(AuthFailure) {
    let token: String
    do {
      token = Base64URL.encode(try randomBytes(32))
    } catch {
      throw .unexpected
    }
    let time = now
    let record = OneTimeTokenRecord(
      hash: try Self.hash(token), userID: user.id, purpose: purpose, createdAt: time,
      expiresAt: time.addingTimeInterval(configuration.oneTimeTokenLifetime))
    try await stored { () async throws(AuthStoreError) in try await store.saveOneTimeToken(record) }
    // Only a target on the site goes into the link: the link would refuse any other.
    let target = redirectTo.flatMap { redirectTarget($0) == $0 ? $0 : nil }
    let message = Self.message(
      kind, token: token, to: user.email, linkBase: configuration.linkBase, redirectTo: target)
    do {
      try await mailer.send(message)
    } catch {
      throw .mailFailed(kind)
    }
  }

  /// The message for `kind`, linking `{linkBase}/auth/v1/verify?token=…&type=…` (and
  /// `&redirect_to=…` when given) as GoTrue's templates do.
  static func message(
    _ kind: AuthMessage.Kind, token: String, to recipient: String, linkBase: String,
    redirectTo: String? = nil
  ) -> AuthMessage {
    var base = linkBase
    while base.hasSuffix("/") { base.removeLast() }
    var link = "\(base)\(AuthService.authPrefix)/verify?token=\(token)&type=\(kind.rawValue)"
    if let redirectTo {
      var allowed = CharacterSet.alphanumerics
      allowed.insert(charactersIn: "-._~")
      link +=
        "&redirect_to=" + (redirectTo.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
    }
    let subject: String
    let text: String
    if kind == .recovery {
      subject = "Reset Your Password"
      text =
        "Follow this link to reset the password for your account:\n\n\(link)\n\n"
        + "If you did not ask for this, you can ignore this message.\n"
    } else {
      subject = "Confirm Your Signup"
      text = "Follow this link to confirm your address:\n\n\(link)\n"
    }
    return AuthMessage(kind: kind, recipient: recipient, subject: subject, link: link, text: text)
  }

  /// `redirect_to` when it is on the site (`linkBase`'s scheme, host and port), else the
  /// site itself: the fragment carries a session, so it never goes to another origin.
  func redirectTarget(_ requested: String?) -> String {
    var site = configuration.linkBase
    while site.hasSuffix("/") { site.removeLast() }
    guard let requested, let wanted = URLComponents(string: requested),
      let home = URLComponents(string: site),
      wanted.scheme?.lowercased() == home.scheme?.lowercased(),
      wanted.host?.lowercased() == home.host?.lowercased(), wanted.port == home.port,
      wanted.user == nil, wanted.password == nil, wanted.fragment == nil
    else { return site + "/" }
    return requested
  }
}
