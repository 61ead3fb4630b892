import Foundation
import TestSupport

/// A fresh directory under the system temporary folder (made by `mkdtemp`), removed by
/// `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = try makeTemporaryDirectory(prefix: "kiln-auth")
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }

  /// The permission bits of the file at `url`.
  static func mode(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }
}
