import Foundation
import Networking
import Testing

@Suite struct HTTPResponseTests {
  @Test(arguments: [
    (199, false, false, false), (200, true, false, false), (204, true, false, false),
    (299, true, false, false), (300, false, false, false), (400, false, true, false),
    (499, false, true, false), (500, false, false, true), (599, false, false, true),
    (600, false, false, false),
  ])
  func statusClassesFollowTheirRanges(status: Int, success: Bool, client: Bool, server: Bool) {
    let response = HTTPResponse(statusCode: status)
    #expect(response.isSuccess == success)
    #expect(response.isClientError == client)
    #expect(response.isServerError == server)
  }

  @Test func requestIDComesFromXRequestIDInAnyCase() {
    #expect(HTTPResponse(statusCode: 200, headers: ["x-request-id": "r-1"]).requestID == "r-1")
    #expect(HTTPResponse(statusCode: 200).requestID == nil)
  }

  @Test func decodeReadsJSONAndMapsFailuresToDecoding() throws {
    struct Model: Decodable, Equatable { var id: String }
    let response = HTTPResponse(statusCode: 200, data: Data(#"{"id":"m1"}"#.utf8))
    #expect(try response.decode(Model.self) == Model(id: "m1"))
    let broken = HTTPResponse(statusCode: 200, data: Data(#"{"name":1}"#.utf8))
    #expect {
      try broken.decode(Model.self)
    } throws: { error in
      AppErrorBridge.map(error) == "decoding"
    }
  }

  @Test func descriptionHidesTheBody() {
    let response = HTTPResponse(
      statusCode: 200, headers: ["Set-Cookie": "sid=secret"], data: Data("private".utf8))
    #expect(!response.description.contains("private"))
    #expect(!response.description.contains("secret"))
  }
}
