import Testing

@testable import JOSE

/// The raw R‖S form's own checks, which do not rely on OpenSSL refusing the same values.
@Suite struct ECDSASignatureTests {
  private let order = Hex.bytes("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
  private let one = [UInt8](repeating: 0, count: 31) + [1]

  @Test func scalarsFromOneToNMinusOneAreInRange() {
    var largest = order
    largest[31] -= 1
    #expect(ECDSASignature.isInRange(one[...]))
    #expect(ECDSASignature.isInRange(largest[...]))
    #expect(ECDSASignature.der(fromRaw: one + largest) != nil)
  }

  @Test func zeroNAndAboveAreOutOfRange() {
    var aboveOrder = order
    aboveOrder[31] += 1
    let zero = [UInt8](repeating: 0, count: 32)
    let allOnes = [UInt8](repeating: 0xFF, count: 32)
    for scalar in [zero, order, aboveOrder, allOnes] {
      #expect(!ECDSASignature.isInRange(scalar[...]))
      #expect(ECDSASignature.der(fromRaw: scalar + one) == nil)
      #expect(ECDSASignature.der(fromRaw: one + scalar) == nil)
    }
  }

  @Test func onlySixtyFourBytesAreARawSignature() {
    #expect(ECDSASignature.der(fromRaw: one + one) != nil)
    #expect(ECDSASignature.der(fromRaw: Array((one + one).dropFirst())) == nil)
    #expect(ECDSASignature.der(fromRaw: [0] + one + one) == nil)
  }

  @Test func derAndRawFormsConvertBothWays() throws {
    let raw = one + [UInt8](repeating: 0x7F, count: 32)
    let der = try #require(ECDSASignature.der(fromRaw: raw))
    #expect(der == DER.ecdsaSignature(raw: raw))
    #expect(try ECDSASignature.raw(fromDER: der) == raw)
    #expect(throws: JOSEError.invalidSignature) { try ECDSASignature.raw(fromDER: raw) }
  }
}
