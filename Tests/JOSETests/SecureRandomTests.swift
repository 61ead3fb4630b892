import JOSE
import Testing

@Suite struct SecureRandomTests {
  @Test func producesTheRequestedNumberOfBytesAndNeverRepeats() throws {
    let first = try SecureRandom.bytes(count: 32)
    let second = try SecureRandom.bytes(count: 32)
    #expect(first.count == 32)
    #expect(first != second)
    #expect(try SecureRandom.bytes(count: 0).isEmpty)
  }
}
