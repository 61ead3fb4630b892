import JOSE

/// The refusals `SyncRoutes` makes itself, before or instead of asking the store, with the
/// statuses and codes PostgREST gives for the same mistakes (docs/SYNC.md §4).
extension SyncCallError {
  /// No `apikey`, or one that is not the project's: answered as the auth routes answer it
  /// (decision 93), in PostgREST's shape.
  static let noAPIKey = SyncCallError(
    status: 401, code: "no_api_key", message: "Invalid API key or none was given",
    hint: "send the project's anon key as the apikey header")

  /// A body holding more JSON values than `StrictJSONParser.maximumValues`: refused before
  /// it is read further, like a body over the byte limit, since reading each value costs
  /// memory many times its text (decision 180).
  static let tooManyValues = SyncCallError(
    status: 413, code: "54000",
    message:
      "the request holds more than \(StrictJSONParser.defaultMaximumValues) JSON values",
    hint: "send fewer changes per call")

  /// A body larger than `SyncRoutes.maximumBodyBytes`.
  static func bodyTooLarge(limit: Int) -> SyncCallError {
    SyncCallError(
      status: 413, code: "54000", message: "the request body is too large",
      details: "at most \(limit) bytes")
  }

  /// A method other than GET, HEAD and POST (PostgREST's `PGRST101`).
  static let methodNotAllowed = SyncCallError(
    status: 405, code: "PGRST101", message: "only GET and POST call a function")

  /// `sync_push` called with GET: it writes, and GET runs read-only (PostgreSQL's `25006`).
  static func readOnly(_ function: SyncFunction) -> SyncCallError {
    SyncCallError(
      status: 405, code: "25006",
      message: "\(function.rawValue) changes data and cannot run in a read-only transaction",
      hint: "call it with POST")
  }

  /// A function this server does not expose.
  static let unknownFunction = SyncCallError(
    status: 404, code: "PGRST202", message: "the function does not exist",
    details: "the functions are public.sync_pull and public.sync_push")

  /// Arguments whose names are not the function's.
  static func wrongArguments(_ function: SyncFunction) -> SyncCallError {
    SyncCallError(
      status: 404, code: "PGRST202",
      message: "public.\(function.rawValue) takes no such arguments",
      details: "it takes " + function.signature,
      hint: "send the arguments as one JSON object with exactly these names")
  }

  /// A body that is not one JSON object (PostgREST's `PGRST102`).
  static let bodyNotAnObject = SyncCallError(
    status: 400, code: "PGRST102", message: "the body is not a JSON object",
    hint: "send the arguments as one JSON object")

  /// A query that names an argument twice (PostgREST's `PGRST100`).
  static let repeatedQueryArgument = SyncCallError(
    status: 400, code: "PGRST100", message: "the query names an argument more than once")

  /// An argument that is not a number of its type (PostgreSQL's `22P02`).
  static func invalidInteger(_ argument: SyncArgumentName) -> SyncCallError {
    SyncCallError(
      status: 400, code: "22P02",
      message: "invalid input syntax for type \(argument.typeName)",
      details: "\(argument.rawValue) must be a whole number")
  }

  /// A whole number outside its type's range (PostgreSQL's `22003`).
  static func outOfRange(_ argument: SyncArgumentName) -> SyncCallError {
    SyncCallError(
      status: 400, code: "22003",
      message: "value out of range for type \(argument.typeName)",
      details: "\(argument.rawValue) is too large")
  }

  /// A `null` argument of `sync_pull`: the function's own refusal of a missing bound.
  static func missingBound(_ argument: SyncArgumentName) -> SyncCallError {
    SyncCallError(
      status: 400, code: "22023",
      message: argument == .since ? "since must be 0 or more" : "max_rows must be from 1 to 1000")
  }

  /// No user behind the request (no `Authorization`, or the anon key): PostgreSQL refuses
  /// `anon` the function, which PostgREST answers 401.
  static func anonymous(_ function: SyncFunction) -> SyncCallError {
    SyncCallError(
      status: 401, code: "42501", message: "permission denied for function \(function.rawValue)",
      hint: "sign in and send the access token as Authorization: Bearer <token>")
  }

  /// A verified token that is not a user's (`service_role`, another role, a `sub` that is
  /// not a user id): refused 403, as PostgREST refuses a signed-in role without the grant.
  static func notAUser(_ function: SyncFunction) -> SyncCallError {
    SyncCallError(
      status: 403, code: "42501", message: "permission denied for function \(function.rawValue)",
      details: "sync runs only as a signed-in user")
  }

  /// A token that fails verification (PostgREST's `PGRST301`); `details` names the rule,
  /// never the token.
  static func invalidToken(_ rejection: JWTRejection) -> SyncCallError {
    SyncCallError(
      status: 401, code: "PGRST301", message: "the access token was refused",
      details: rejection.explanation)
  }

  /// The auth store could not say whether a key is the project's.
  static let keysUnavailable = SyncCallError(
    status: 503, code: "PGRST000", message: "the server cannot check keys now",
    hint: "try again later")

  /// The refusal as PostgREST sends it: `{"code","details","hint","message"}`, with
  /// `WWW-Authenticate` on a 401 and `Allow` on a 405.
  var response: BackendResponse {
    let body =
      "{\"code\":\(JSONText.quoted(code)),\"details\":\(Self.orNull(details)),"
      + "\"hint\":\(Self.orNull(hint)),\"message\":\(JSONText.quoted(message))}"
    var headers = [(name: "Content-Type", value: SyncRoutes.contentType)]
    if status == 401 {
      let value = code == "PGRST301" ? "Bearer error=\"invalid_token\"" : "Bearer"
      headers.append((name: "WWW-Authenticate", value: value))
    }
    if status == 405 {
      headers.append((name: "Allow", value: code == "25006" ? "POST" : "GET, HEAD, POST"))
    }
    return BackendResponse(status: status, headers: headers, body: Array(body.utf8))
  }

  private static func orNull(_ text: String?) -> String {
    text.map(JSONText.quoted) ?? "null"
  }
}
