import HTTPServer
import Testing

/// `IPAddress`, `IPAddressRange` and the one rule that names a request's client
/// (`TrustedProxies`, decision 25), including the ways a client tries to choose its own.
@Suite struct TrustedProxiesTests {
  static func address(_ text: String) throws -> IPAddress {
    try #require(IPAddress(text), "\(text) parses")
  }

  static let proxies = TrustedProxies(
    ranges: ["10.0.0.0/8", "::1/128", "fd00::/8"].compactMap { IPAddressRange($0) })

  static func client(peer: String, _ forwarded: [String]) throws -> String {
    proxies.clientAddress(peer: try address(peer), forwardedFor: forwarded).description
  }

  @Test(arguments: [
    ("10.0.0.1", "10.0.0.1"), ("::ffff:10.0.0.1", "10.0.0.1"), ("::FFFF:127.0.0.1", "127.0.0.1"),
    ("2001:DB8:0:0:0:0:0:1", "2001:db8::1"), ("::1", "::1"), ("fe80::1:2", "fe80::1:2"),
  ])
  func readsAddressesInOneCanonicalSpelling(text: String, canonical: String) throws {
    #expect(try Self.address(text).description == canonical)
  }

  @Test func anIPv4AddressEqualsItsMappedSpelling() throws {
    #expect(try Self.address("192.0.2.1") == Self.address("::ffff:192.0.2.1"))
    #expect(try Self.address("192.0.2.1").isIPv4)
    #expect(try !Self.address("::1").isIPv4)
  }

  @Test(arguments: [
    "", "1.2.3", "1.2.3.4.5", "01.2.3.4", "256.0.0.1", " 1.2.3.4", "1.2.3.4 ", "fe80::1%eth0",
    "[::1]", "example.com", "1.2.3.4\0", "::1::2", "unknown", "1.2.3.4:80",
    String(repeating: "1", count: 100),
  ])
  func refusesTextThatIsNotOneAddress(text: String) {
    #expect(IPAddress(text) == nil)
  }

  @Test(arguments: [
    ("127.0.0.1", true), ("127.255.0.9", true), ("::ffff:127.0.0.1", true), ("::1", true),
    ("128.0.0.1", false), ("::2", false), ("10.0.0.1", false),
  ])
  func knowsLoopback(text: String, loopback: Bool) throws {
    #expect(try Self.address(text).isLoopback == loopback)
  }

  @Test func blocksMatchTheirAddressesInEitherIPv4Spelling() throws {
    let block = try #require(IPAddressRange("10.0.0.0/8"))
    #expect(block.contains(try Self.address("10.255.1.2")))
    #expect(block.contains(try Self.address("::ffff:10.1.1.1")))
    #expect(!block.contains(try Self.address("11.0.0.1")))
    #expect(!block.contains(try Self.address("::a00:1")), "IPv4-compatible is not IPv4")
    let all = try #require(IPAddressRange("0.0.0.0/0"))
    #expect(all.contains(try Self.address("203.0.113.1")))
    #expect(!all.contains(try Self.address("::1")), "an IPv4 block holds no IPv6 address")
    let local = try #require(IPAddressRange("fd00::/8"))
    #expect(local.contains(try Self.address("fdab::1")))
    #expect(!local.contains(try Self.address("fe80::1")))
    let one = try #require(IPAddressRange("192.0.2.7"))
    #expect(one.contains(try Self.address("192.0.2.7")))
    #expect(!one.contains(try Self.address("192.0.2.8")))
  }

  @Test func hostBitsAfterThePrefixAreIgnored() throws {
    #expect(IPAddressRange("10.1.2.3/8")?.description == "10.0.0.0/8")
    #expect(IPAddressRange("2001:db8::1/32")?.description == "2001:db8::/32")
  }

  @Test(arguments: [
    "10.0.0.0/33", "::1/129", "10.0.0.0/", "10.0.0.0/-1", "10.0.0.0/8/8", "/8", "10.0.0.0/ 8",
    "10.0.0.0/0008", "localhost/8",
  ])
  func refusesMalformedBlocks(text: String) {
    #expect(IPAddressRange(text) == nil)
  }

  @Test func parsesTheConfiguredListAndNamesABadEntry() throws {
    let parsed = try TrustedProxies(parsing: "10.0.0.0/8, 127.0.0.1/32,::1/128")
    #expect(parsed.description == "10.0.0.0/8, 127.0.0.1/32, ::1/128")
    #expect(try TrustedProxies(parsing: "  ").ranges.isEmpty)
    #expect(throws: TrustedProxies.ParseError(entry: "10.0.0.0/40")) {
      try TrustedProxies(parsing: "127.0.0.1/32, 10.0.0.0/40")
    }
  }

  @Test func anUntrustedPeerIsTheClientWhateverItForwards() throws {
    #expect(try Self.client(peer: "203.0.113.5", ["198.51.100.7"]) == "203.0.113.5")
    #expect(try Self.client(peer: "203.0.113.5", ["10.0.0.3"]) == "203.0.113.5")
    #expect(
      try TrustedProxies.none.clientAddress(
        peer: Self.address("10.0.0.2"), forwardedFor: ["198.51.100.7"]
      ).description == "10.0.0.2")
  }

  @Test func aTrustedPeerNamesTheRightMostUntrustedEntry() throws {
    // The client sent "6.6.6.6" itself; its proxy appended what it saw.
    #expect(
      try Self.client(peer: "10.0.0.2", ["6.6.6.6, 198.51.100.7, 10.0.0.3"]) == "198.51.100.7")
    #expect(try Self.client(peer: "10.0.0.2", ["198.51.100.7"]) == "198.51.100.7")
    #expect(try Self.client(peer: "10.0.0.2", []) == "10.0.0.2")
  }

  @Test func aClaimedTrustedAddressLeftOfTheRealClientIsNotBelieved() throws {
    #expect(try Self.client(peer: "10.0.0.2", ["10.0.0.5, 198.51.100.7"]) == "198.51.100.7")
    #expect(try Self.client(peer: "10.0.0.2", ["127.0.0.1, ::1, 198.51.100.7"]) == "198.51.100.7")
  }

  @Test func whenEveryEntryIsTrustedTheLeftMostIsTheClient() throws {
    #expect(try Self.client(peer: "10.0.0.2", ["10.0.0.9, 10.0.0.3"]) == "10.0.0.9")
  }

  @Test func severalFieldsAreOneListInTheOrderReceived() throws {
    #expect(
      try Self.client(peer: "10.0.0.2", ["6.6.6.6", "198.51.100.7, 10.0.0.3"]) == "198.51.100.7")
    #expect(try Self.client(peer: "10.0.0.2", ["198.51.100.7", "10.0.0.3"]) == "198.51.100.7")
    #expect(try Self.client(peer: "10.0.0.2", ["10.0.0.3", "198.51.100.7"]) == "198.51.100.7")
    #expect(try Self.client(peer: "10.0.0.2", ["198.51.100.7", "203.0.113.9"]) == "203.0.113.9")
  }

  @Test func aMalformedEntryStopsAtTheLastTrustedHop() throws {
    #expect(try Self.client(peer: "10.0.0.2", ["198.51.100.7, garbage, 10.0.0.3"]) == "10.0.0.3")
    #expect(try Self.client(peer: "10.0.0.2", ["unknown"]) == "10.0.0.2")
    #expect(try Self.client(peer: "10.0.0.2", ["198.51.100.7, _hidden"]) == "10.0.0.2")
    #expect(try Self.client(peer: "10.0.0.2", ["198.51.100.7 203.0.113.1"]) == "10.0.0.2")
    #expect(try Self.client(peer: "10.0.0.2", ["[::1"]) == "10.0.0.2")
    #expect(try Self.client(peer: "10.0.0.2", ["1.2.3.4:99999"]) == "10.0.0.2")
  }

  @Test func entriesMayCarryPortsBracketsAndEmptyElements() throws {
    #expect(try Self.client(peer: "10.0.0.2", ["203.0.113.7:4711"]) == "203.0.113.7")
    #expect(try Self.client(peer: "10.0.0.2", ["[2001:db8::1]:443"]) == "2001:db8::1")
    #expect(try Self.client(peer: "10.0.0.2", ["[2001:db8::1]"]) == "2001:db8::1")
    #expect(try Self.client(peer: "10.0.0.2", ["2001:db8::1"]) == "2001:db8::1")
    #expect(try Self.client(peer: "10.0.0.2", ["198.51.100.7,, , "]) == "198.51.100.7")
  }

  @Test func mappedAndIPv6PeersAreJudgedLikeTheirAddresses() throws {
    #expect(try Self.client(peer: "::ffff:10.0.0.2", ["198.51.100.7"]) == "198.51.100.7")
    #expect(try Self.client(peer: "::1", ["::ffff:198.51.100.7"]) == "198.51.100.7")
    #expect(try Self.client(peer: "fd12::3", ["2001:db8::7, fd00::1"]) == "2001:db8::7")
    #expect(try Self.client(peer: "::ffff:203.0.113.5", ["198.51.100.7"]) == "203.0.113.5")
  }

  @Test func theWalkIsBounded() throws {
    let trusted = Array(repeating: "10.0.0.3", count: TrustedProxies.maximumEntries + 8)
    let header = (["198.51.100.7"] + trusted).joined(separator: ", ")
    #expect(try Self.client(peer: "10.0.0.2", [header]) == "10.0.0.3")
    let long = String(repeating: "0", count: 60) + "198.51.100.7"
    #expect(try Self.client(peer: "10.0.0.2", [long]) == "10.0.0.2")
  }
}
