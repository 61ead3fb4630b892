import Core
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite struct AppErrorMappingTests {
  private struct ModuleError: AppErrorConvertible {
    var appError: AppError { .subscriptionRequired }
  }

  private struct Payload: Decodable {
    let name: String
  }

  @Test func appErrorMapsToItself() {
    #expect(AppError.from(AppError.sessionExpired) == .sessionExpired)
  }

  @Test func moduleErrorsMapThroughTheirConversion() {
    #expect(AppError.from(ModuleError()) == .subscriptionRequired)
  }

  @Test func cancellationErrorIsCancelled() {
    #expect(AppError.from(CancellationError()) == .cancelled)
  }

  @Test(arguments: [
    (URLError.Code.notConnectedToInternet, AppError.network(code: -1009, message: "Offline")),
    (URLError.Code.timedOut, AppError.network(code: -1001, message: "Timed out")),
    (URLError.Code.cancelled, AppError.cancelled),
    (
      URLError.Code.cannotConnectToHost, AppError.network(code: -1004, message: "Connection failed")
    ),
    (URLError.Code.badServerResponse, AppError.network(code: -1011, message: nil)),
  ])
  func urlErrorsMapByCode(code: URLError.Code, expected: AppError) {
    #expect(AppError.from(URLError(code)) == expected)
  }

  @Test func decodingErrorsMapToDecodingAndKeepTheCodingPath() throws {
    let data = Data(#"{"name": 42}"#.utf8)
    do {
      _ = try JSONDecoder().decode(Payload.self, from: data)
      Issue.record("decoding should have failed")
    } catch {
      let diagnosis = AppError.diagnose(error)
      #expect(diagnosis.error == .decoding)
      #expect(diagnosis.detail.contains("typeMismatch"))
      #expect(diagnosis.detail.contains("name"))
    }
  }

  @Test func urlDomainNSErrorMapsLikeURLError() {
    let error = NSError(domain: NSURLErrorDomain, code: -1009)
    #expect(AppError.from(error) == .network(code: -1009, message: "Offline"))
  }

  @Test(arguments: [
    (NSFileWriteOutOfSpaceError, StorageIssue.diskFull),
    (NSFileWriteNoPermissionError, StorageIssue.readOnly),
    (NSFileNoSuchFileError, StorageIssue.notFound),
    (NSFileReadCorruptFileError, StorageIssue.corrupted),
  ])
  func cocoaFileErrorsMapToStorageIssues(code: Int, issue: StorageIssue) {
    #expect(AppError.from(NSError(domain: NSCocoaErrorDomain, code: code)) == .storage(issue))
  }

  @Test(arguments: [
    (Int(ENOSPC), AppError.storage(.diskFull)),
    (Int(EROFS), AppError.storage(.readOnly)),
    (Int(EACCES), AppError.storage(.readOnly)),
    (Int(ENOENT), AppError.storage(.notFound)),
    (Int(ECONNREFUSED), AppError.network(code: -1004, message: "Connection failed")),
  ])
  func posixErrorsMapByErrno(code: Int, expected: AppError) {
    #expect(AppError.from(NSError(domain: NSPOSIXErrorDomain, code: code)) == expected)
  }

  @Test func unknownNSErrorKeepsDomainAndCodeForLogs() {
    let error = NSError(domain: "com.example.vendor", code: 7)
    let diagnosis = AppError.diagnose(error)
    #expect(diagnosis.error == .unknown("com.example.vendor 7"))
    #expect(diagnosis.detail.contains("com.example.vendor 7"))
  }
}
