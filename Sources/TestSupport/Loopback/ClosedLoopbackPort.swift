import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A loopback port bound by this process and never listened on: connecting to it is
/// refused, as it is when PostgreSQL is stopped, and no other process can take it meanwhile.
/// Closing it frees the port for a server about to start there.
public final class ClosedLoopbackPort: Sendable {
  /// The port's number.
  public let number: Int
  private let descriptor: Int32

  /// Binds a port on 127.0.0.1 chosen by the kernel.
  /// - Throws: `POSIXError` when no socket or port is available.
  public init() throws {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        bind(descriptor, socketAddress, length) == 0
          && getsockname(descriptor, socketAddress, &length) == 0
      }
    }
    guard bound else {
      closeDescriptor(descriptor)
      throw POSIXError(.EADDRINUSE)
    }
    self.descriptor = descriptor
    number = Int(UInt16(bigEndian: address.sin_port))
  }

  /// Releases the port.
  public func close() {
    closeDescriptor(descriptor)
  }
}

/// `close(2)`, named apart from `ClosedLoopbackPort.close()`.
private func closeDescriptor(_ descriptor: Int32) {
  close(descriptor)
}
