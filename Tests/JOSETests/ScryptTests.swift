import JOSE
import Testing

@Suite struct ScryptTests {
  // RFC 7914 §12, the first two vectors (also what python3's hashlib.scrypt gives).
  @Test func derivesRFC7914sEmptyVector() throws {
    let parameters = try Scrypt(cost: 16, blockSize: 1, parallelization: 1)
    let key = try parameters.deriveKey(password: [UInt8](), salt: [UInt8](), length: 64)
    #expect(
      Hex.text(key)
        == "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442"
        + "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906")
  }

  @Test func derivesRFC7914sPasswordVector() throws {
    let parameters = try Scrypt(cost: 1024, blockSize: 8, parallelization: 16)
    let key = try parameters.deriveKey(
      password: Array("password".utf8), salt: Array("NaCl".utf8), length: 64)
    #expect(
      Hex.text(key)
        == "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
        + "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640")
  }

  @Test func thePasswordDefaultRunsWithMaxmemSetToFit() throws {
    // N = 2^15, r = 8, p = 1 needs 32 MiB and 3 KiB: just above OpenSSL's default maxmem of
    // 32 MiB, so this derivation works only because maxmem is set to what it needs.
    let parameters = Scrypt.passwordDefault
    #expect(
      parameters.cost == 32768 && parameters.blockSize == 8 && parameters.parallelization == 1)
    #expect(parameters.memoryBytes == 128 * 8 * (32768 + 1 + 2))
    let key = try parameters.deriveKey(
      password: Array("correct horse".utf8), salt: Array("0123456789abcdef".utf8), length: 32)
    #expect(key.count == 32)
  }

  @Test(arguments: [
    (UInt64(0), UInt64(8), UInt64(1)), (1, 8, 1), (1000, 8, 1), (1024, 0, 1), (1024, 8, 0),
    (1 << 20, 1 << 15, 1 << 15), (1 << 24, 8, 1),
  ])
  func refusesParametersOutOfRange(cost: UInt64, blockSize: UInt64, parallelization: UInt64) {
    #expect(throws: JOSEError.self) {
      try Scrypt(cost: cost, blockSize: blockSize, parallelization: parallelization)
    }
  }

  @Test func refusesAnEmptyOrHugeOutput() throws {
    let parameters = try Scrypt(cost: 16, blockSize: 1, parallelization: 1)
    #expect(throws: JOSEError.self) {
      try parameters.deriveKey(password: [1], salt: [2], length: 0)
    }
    #expect(throws: JOSEError.self) {
      try parameters.deriveKey(password: [1], salt: [2], length: 1025)
    }
  }
}
