// kiln: the Kiln app in the terminal. `swift run kiln` opens the chat; `kiln --help` lists
// the commands for scripts.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A closed pipe (`kiln chats | head -1`) must end the output quietly, not kill the process.
signal(SIGPIPE, SIG_IGN)

let arguments = Array(CommandLine.arguments.dropFirst())

// `--version` answers before anything else is loaded, so scripts can call it cheaply.
if arguments == ["--version"] || arguments == ["-V"] || arguments == ["version"] {
  Console.standard.output("kiln \(KilnApplication.version)\n")
  exit(ExitStatus.success.rawValue)
}

let status = await KilnApplication.run(
  arguments: arguments, environment: ProcessInfo.processInfo.environment,
  console: .standard)
exit(status.rawValue)
