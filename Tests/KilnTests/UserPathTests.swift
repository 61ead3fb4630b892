import Foundation
import Testing

/// The real `kiln` binary given `~/…` paths: `~` is the HOME it runs with, and the path it
/// reports is the one it wrote.
@Suite struct UserPathTests {
  @Test func exportAndImportReadTildeAsTheGivenHome() async throws {
    let home = try ChatTestHome()
    #expect(try await home.runWithPipes(["ask", "keep me"], input: "").status == 0)
    let export = try await home.runWithPipes(["export", "--output", "~/saved.json"], input: "")
    #expect(export.status == 0, "\(export.error)")
    let file = home.root.appendingPathComponent("saved.json")
    #expect(export.error == "Exported to \(file.path).\n")
    #expect(FileManager.default.fileExists(atPath: file.path))

    let other = try ChatTestHome()
    let imported = try await other.runWithPipes(
      ["import", "~/saved.json"], input: "", environment: ["HOME": home.root.path])
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output.hasPrefix("Imported 1 conversation,"))
  }

  @Test func slashExportReadsTildeAsTheGivenHome() async throws {
    let home = try ChatTestHome()
    let run = try await home.runWithPipes([], input: "hello\n/export markdown ~/chat.md\n")
    #expect(run.status == 0, "\(run.error)")
    let file = home.root.appendingPathComponent("chat.md")
    #expect(run.output.contains("Exported “hello” to \(file.path)."), "\(run.output)")
    #expect(FileManager.default.fileExists(atPath: file.path))
  }
}
