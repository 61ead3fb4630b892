import Networking
import Testing

@Suite struct HTTPHeadersTests {
  @Test(arguments: ["x-request-id", "X-REQUEST-ID", "X-Request-Id", "X-Request-ID"])
  func lookupIgnoresCase(name: String) {
    let headers: HTTPHeaders = ["X-Request-ID": "abc"]
    #expect(headers[name] == "abc")
    #expect(headers.contains(name))
  }

  @Test func namesThatDifferBeyondCaseDoNotMatch() {
    #expect(!HTTPHeaders.namesMatch("X-Request-ID", "X-Request-IDs"))
    #expect(!HTTPHeaders.namesMatch("Accept", "Accepts"))
    #expect(!HTTPHeaders.namesMatch("a", "b"))
    #expect(HTTPHeaders.namesMatch("content-TYPE", "Content-Type"))
  }

  @Test func settingReplacesEveryFieldWithThatNameInPlace() {
    var headers = HTTPHeaders()
    headers.add(name: "Accept", value: "a")
    headers.add(name: "X-One", value: "1")
    headers.add(name: "accept", value: "b")
    headers["ACCEPT"] = "c"
    #expect(headers.values(for: "accept") == ["c"])
    #expect(headers.fields.map(\.name) == ["ACCEPT", "X-One"])
  }

  @Test func settingNilRemovesAllFieldsWithThatName() {
    var headers: HTTPHeaders = ["A": "1", "a": "2", "B": "3"]
    headers["a"] = nil
    #expect(headers.count == 1)
    #expect(headers["b"] == "3")
  }

  @Test func addKeepsDuplicatesInOrder() {
    var headers = HTTPHeaders()
    headers.add(name: "Set-Cookie", value: "a=1")
    headers.add(name: "set-cookie", value: "b=2")
    #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
    #expect(headers["Set-Cookie"] == "a=1")
  }

  @Test func setIfAbsentAndMergeNeverReplaceExistingValues() {
    var headers: HTTPHeaders = ["User-Agent": "mine"]
    headers.setIfAbsent("user-agent", "theirs")
    headers.merge(missingFrom: ["USER-AGENT": "other", "X-Platform": "Linux"])
    #expect(headers["User-Agent"] == "mine")
    #expect(headers["x-platform"] == "Linux")
    #expect(headers.count == 2)
  }

  @Test func dictionaryInitializerSortsNamesForAStableOrder() {
    let headers = HTTPHeaders(["b": "2", "a": "1", "c": "3"])
    #expect(headers.fields.map(\.name) == ["a", "b", "c"])
  }

  @Test func descriptionNamesHeadersButNeverShowsValues() {
    let headers: HTTPHeaders = ["Authorization": "Bearer secret-token", "Accept": "x"]
    #expect(headers.description.contains("Authorization"))
    #expect(!headers.description.contains("secret-token"))
  }
}
