// kiln-server: Kiln's backend. `swift run kiln-server` serves /health on 127.0.0.1:54321;
// `kiln-server --help` lists the commands.

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// A client that leaves mid-answer must end that connection, not the process.
signal(SIGPIPE, SIG_IGN)

let status = await ServerCommandLine.run(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: ProcessInfo.processInfo.environment)
exit(status)
