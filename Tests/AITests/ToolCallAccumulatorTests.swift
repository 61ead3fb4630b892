import Testing

@testable import AI

@Suite struct ToolCallAccumulatorTests {
  private func calls(_ fragments: [ToolCallFragment]) -> [ToolCall] {
    var accumulator = ToolCallAccumulator()
    for fragment in fragments { accumulator.add(fragment) }
    return accumulator.takeCompletedCalls()
  }

  @Test func mergesFragmentsByIndexAndConcatenatesArgumentsAsText() {
    let result = calls([
      ToolCallFragment(index: 0, id: "call_a", name: "weather", arguments: ""),
      ToolCallFragment(index: 1, id: "call_b", name: "time", arguments: "{\"tz\":"),
      ToolCallFragment(index: 0, id: nil, name: nil, arguments: "{\"city\":\"Par"),
      ToolCallFragment(index: 0, id: nil, name: nil, arguments: "is \\"),
      ToolCallFragment(index: 0, id: nil, name: nil, arguments: "\"Nord\\\"\"}"),
      ToolCallFragment(index: 1, id: nil, name: nil, arguments: "\"UTC\"}"),
    ])
    #expect(
      result == [
        ToolCall(id: "call_a", name: "weather", arguments: #"{"city":"Paris \"Nord\""}"#),
        ToolCall(id: "call_b", name: "time", arguments: #"{"tz":"UTC"}"#),
      ])
  }

  @Test func keepsTheFirstIDAndNameAndOrdersByIndex() {
    let result = calls([
      ToolCallFragment(index: 2, id: "late", name: "second", arguments: "{}"),
      ToolCallFragment(index: 0, id: "early", name: "first", arguments: "{"),
      ToolCallFragment(index: 0, id: "other", name: "renamed", arguments: "}"),
    ])
    #expect(result.map(\.id) == ["early", "late"])
    #expect(result.map(\.name) == ["first", "second"])
    #expect(result[0].arguments == "{}")
  }

  @Test func givesAnIDToCallsWhoseProviderSentNone() {
    let result = calls([
      ToolCallFragment(index: 0, id: nil, name: "a", arguments: "{}"),
      ToolCallFragment(index: 1, id: "", name: "b", arguments: "{}"),
    ])
    #expect(result.map(\.id) == ["call_0", "call_1"])
  }

  @Test func matchesFragmentsWithoutAnIndexByIDOrByTheLatestCall() {
    let result = calls([
      ToolCallFragment(index: nil, id: "x", name: "first", arguments: "{\"a\":"),
      ToolCallFragment(index: nil, id: "y", name: "second", arguments: "{"),
      ToolCallFragment(index: nil, id: "x", name: nil, arguments: "1}"),
      ToolCallFragment(index: nil, id: nil, name: nil, arguments: "}"),
    ])
    #expect(
      result == [
        ToolCall(id: "x", name: "first", arguments: "{\"a\":1}"),
        ToolCall(id: "y", name: "second", arguments: "{}"),
      ])
  }

  @Test func reportsWhetherFragmentsArrivedSinceTheCallsWereTaken() {
    var accumulator = ToolCallAccumulator()
    #expect(!accumulator.hasNewFragments)
    accumulator.add(ToolCallFragment(index: 0, id: "c", name: "f", arguments: "{}"))
    #expect(accumulator.hasNewFragments)
    _ = accumulator.takeCompletedCalls()
    #expect(!accumulator.hasNewFragments)
    #expect(!accumulator.isEmpty)
  }
}
