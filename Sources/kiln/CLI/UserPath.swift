import Foundation

/// A file named by the user: `--output`, `kiln import FILE`, `/export … FILE`.
///
/// `~` means the `HOME` kiln was started with. Foundation expands a leading `~` on its own
/// when it makes a file URL, but from the password database, so `HOME=/tmp/x kiln …` wrote
/// into the real home while reporting `~/…`. The path is made absolute here, once, and the
/// same path is used and reported.
enum UserPath {
  static func url(_ path: String, environment: [String: String]) -> URL {
    var expanded = path
    if path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty {
      expanded = home + path.dropFirst()
    }
    if !expanded.hasPrefix("/") {
      expanded = FileManager.default.currentDirectoryPath + "/" + expanded
    }
    return URL(fileURLWithPath: expanded).standardizedFileURL
  }
}
