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

let status = await KilnApplication.run(
  arguments: arguments, environment: ProcessInfo.processInfo.environment,
  console: .standard)
exit(status.rawValue)
