import JOSE
import Testing

/// One verifier shared by many tasks: keys sit behind a lock, so every verdict is the
/// single-task verdict.
@Suite struct JWTVerifierConcurrencyTests {
  @Test func manyConcurrentVerificationsAllGetTheSameVerdicts() async throws {
    let fixture = try TokenFixture(withRSA: true)
    let verifier = try fixture.verifier()
    let valid = [try fixture.es256(), try fixture.rs256(), try TokenFixture.hs256()]
    let forged = try fixture.es256(key: try P256PrivateKey.generate())
    let verdicts = await withTaskGroup(of: (Bool, JWTRejection?).self) { group in
      for index in 0..<96 {
        let token = index % 4 == 3 ? forged : valid[index % 4]
        group.addTask { (index % 4 == 3, verifier.rejection(token)) }
      }
      var collected: [(Bool, JWTRejection?)] = []
      for await verdict in group { collected.append(verdict) }
      return collected
    }
    #expect(verdicts.count == 96)
    #expect(verdicts.filter { $0.0 }.allSatisfy { $0.1 == .badSignature })
    #expect(verdicts.filter { !$0.0 }.allSatisfy { $0.1 == nil })
    #expect(verdicts.filter { $0.0 }.count == 24)
  }
}
