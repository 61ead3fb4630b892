import Foundation

/// Parameter values laid out as libpq's parallel arrays (types, values, lengths, formats),
/// alive for the duration of one call.
struct ParameterBuffers {
  private let values: [PostgresValue?]

  /// Buffers for `values`.
  /// - Throws: `PostgresError` of kind `.misuse` when a text or JSON value holds a NUL
  ///   character, which PostgreSQL text cannot store (it would be cut off silently).
  init(_ values: [PostgresValue?]) throws {
    for (index, value) in values.enumerated() {
      let text: String
      switch value {
      case .text(let value)?, .json(let value)?: text = value
      default: continue
      }
      if text.utf8.contains(0) {
        throw PostgresError(
          .misuse, message: "parameter $\(index + 1) holds a NUL character, which text cannot store"
        )
      }
    }
    self.values = values
  }

  /// The parameters' type OIDs as the server should take them: 0 (the server infers the type
  /// from the SQL) for NULL and for text, so a string fits a `uuid`, `varchar` or enum column.
  var typeOIDs: [UInt32] {
    values.map { value in
      guard let value, case .text = value else { return value?.typeOID ?? 0 }
      return 0
    }
  }

  /// Calls `body` with the count and the four arrays; the pointers live only inside `body`.
  func withPointers<R>(
    _ body: (
      Int32, UnsafePointer<UInt32>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
      UnsafePointer<Int32>?
    ) -> R
  ) -> R {
    let wire = values.map { $0?.wireBytes }
    let storage: [UnsafeMutablePointer<CChar>?] = wire.map { entry in
      guard let entry else { return nil }
      // Text-format values are read up to a NUL terminator, so every buffer gets one.
      let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: entry.bytes.count + 1)
      for (index, byte) in entry.bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
      pointer[entry.bytes.count] = 0
      return pointer
    }
    defer { storage.forEach { $0?.deallocate() } }
    let pointers = storage.map { UnsafePointer($0) }
    let lengths = wire.map { Int32($0?.bytes.count ?? 0) }
    let formats = wire.map { Int32(($0?.isBinary ?? false) ? 1 : 0) }
    let types = typeOIDs
    return types.withUnsafeBufferPointer { typesBuffer in
      pointers.withUnsafeBufferPointer { valuesBuffer in
        lengths.withUnsafeBufferPointer { lengthsBuffer in
          formats.withUnsafeBufferPointer { formatsBuffer in
            body(
              Int32(values.count), typesBuffer.baseAddress, valuesBuffer.baseAddress,
              lengthsBuffer.baseAddress, formatsBuffer.baseAddress)
          }
        }
      }
    }
  }
}
