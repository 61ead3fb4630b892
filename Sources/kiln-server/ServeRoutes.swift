import HTTPServer

/// `kiln-server serve`'s routes.
enum ServeRoutes {
  static func router() -> HTTPRouter {
    var router = HTTPRouter()
    router.add(.get, "/health") { _, _ in
      HTTPServerResponse(
        status: .ok, fields: HTTPFields([("Content-Type", "application/json")]),
        body: Array("{\"status\":\"ok\"}\n".utf8))
    }
    return router
  }
}
