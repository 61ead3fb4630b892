import Foundation

#if canImport(Glibc)
  import Glibc

  /// Starts programs for the PostgreSQL harness with `posix_spawn`, each with only the
  /// descriptors it is given: standard input, output and error, nothing else of this process.
  ///
  /// Foundation's `Process` lets a child inherit the descriptor it watches for the child's
  /// end, and `pg_ctl start` leaves a server running that inherits it too, so `Process` never
  /// saw `pg_ctl` finish. A server (or the stopping shell) holding another test's pipe open
  /// would also keep that test waiting for an end of file, so every other descriptor is
  /// closed in the child (`posix_spawn_file_actions_addclosefrom_np`).
  enum PostgresSpawn {
    private typealias CloseFrom =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// Runs `argv` with input from `/dev/null` (or `inputDescriptor`) and output appended to
    /// `logPath` (or `/dev/null`); returns the child's id without waiting.
    /// - Throws: `PostgresTestServerError` when the program cannot be started.
    static func start(
      _ argv: [String], logPath: String?, inputDescriptor: Int32? = nil
    ) throws
      -> pid_t
    {
      guard let handle = dlopen(nil, RTLD_NOW),
        let symbol = dlsym(handle, "posix_spawn_file_actions_addclosefrom_np")
      else {
        throw PostgresTestServerError(
          reason: "this C library lacks posix_spawn_file_actions_addclosefrom_np", log: "")
      }
      let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      if let inputDescriptor {
        posix_spawn_file_actions_adddup2(&actions, inputDescriptor, 0)
      } else {
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      }
      posix_spawn_file_actions_addopen(
        &actions, 1, logPath ?? "/dev/null", O_WRONLY | O_APPEND | O_CREAT, 0o600)
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
      _ = closeFrom(&actions, 3)
      let environment = [
        "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL=C",
      ]
      let arguments = (argv.map { strdup($0) }) + [nil]
      let variables = (environment.map { strdup($0) }) + [nil]
      defer {
        arguments.forEach { free($0) }
        variables.forEach { free($0) }
      }
      var pid: pid_t = 0
      let status = ChildProcess.whileLaunching {
        posix_spawn(&pid, argv[0], &actions, nil, arguments, variables)
      }
      guard status == 0 else {
        throw PostgresTestServerError(
          reason: "cannot start \(argv[0]): \(String(cString: strerror(status)))", log: "")
      }
      return pid
    }

    /// Waits for `pid` and returns its exit status (-1 when it was killed by a signal).
    static func wait(_ pid: pid_t) -> Int32 {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { return -1 }
      }
      // WIFEXITED / WEXITSTATUS, which Swift does not import (they are macros).
      return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }
  }
#else
  /// The harness spawns through glibc's `posix_spawn_file_actions_addclosefrom_np`; on other
  /// systems it says so instead of starting a server that could hold other tests' pipes.
  enum PostgresSpawn {
    static func start(
      _ argv: [String], logPath: String?, inputDescriptor: Int32? = nil
    ) throws
      -> pid_t
    {
      throw PostgresTestServerError(
        reason: "the PostgreSQL test harness runs on Linux (glibc) only", log: "")
    }

    static func wait(_ pid: pid_t) -> Int32 { -1 }
  }
#endif
