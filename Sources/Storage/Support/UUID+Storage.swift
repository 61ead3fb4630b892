import Foundation

extension UUID {
  /// An identifier from its 16 bytes.
  init(storageBytes bytes: UnsafeRawBufferPointer) {
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &value) { target in
      target.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes.prefix(16)))
    }
    self.init(uuid: value)
  }

  /// Byte-wise ordering, the order SQLite gives 16-byte blobs; the in-memory twins use it so
  /// their tie-breaks match the database's.
  static func storageOrder(_ lhs: UUID, _ rhs: UUID) -> Bool {
    withUnsafeBytes(of: lhs.uuid) { left in
      withUnsafeBytes(of: rhs.uuid) { right in
        left.lexicographicallyPrecedes(right)
      }
    }
  }
}

/// Orders records newest first by `(date, id)`, the order of every Storage page.
func isNewer(_ lhs: (Date, UUID), than rhs: (Date, UUID)) -> Bool {
  if lhs.0 != rhs.0 { return lhs.0 > rhs.0 }
  return UUID.storageOrder(rhs.1, lhs.1)
}
