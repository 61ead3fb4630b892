/// Merges streamed tool-call fragments into complete calls.
///
/// Fragments are matched by `index`; the first non-empty `id` and `name` win, and
/// `arguments` pieces are concatenated as text, so a JSON escape split across fragments
/// (`"a\` then `"b"`) comes out whole. A fragment without an `index` continues the call
/// with the same `id`, or starts a new call when its `id` is new, or else continues the
/// latest call. A call whose provider sent no id gets `call_<index>`.
struct ToolCallAccumulator: Sendable, Equatable {
  private struct PartialCall: Sendable, Equatable {
    var index: Int
    var id = ""
    var name = ""
    var arguments = ""
  }

  private var calls: [PartialCall] = []
  /// Whether fragments arrived since `takeCompletedCalls()` last returned the calls.
  private(set) var hasNewFragments = false

  /// Whether no fragment has arrived.
  var isEmpty: Bool { calls.isEmpty }

  /// Adds one fragment.
  mutating func add(_ fragment: ToolCallFragment) {
    hasNewFragments = true
    let position = position(for: fragment)
    if let id = fragment.id, !id.isEmpty, calls[position].id.isEmpty { calls[position].id = id }
    if let name = fragment.name, !name.isEmpty, calls[position].name.isEmpty {
      calls[position].name = name
    }
    if let arguments = fragment.arguments { calls[position].arguments += arguments }
  }

  /// The calls so far, ordered by index, and resets `hasNewFragments`.
  mutating func takeCompletedCalls() -> [ToolCall] {
    hasNewFragments = false
    return calls.sorted { $0.index < $1.index }.map { call in
      ToolCall(
        id: call.id.isEmpty ? "call_\(call.index)" : call.id, name: call.name,
        arguments: call.arguments)
    }
  }

  private mutating func position(for fragment: ToolCallFragment) -> Int {
    if let index = fragment.index {
      if let position = calls.firstIndex(where: { $0.index == index }) { return position }
      calls.append(PartialCall(index: index))
      return calls.count - 1
    }
    if let id = fragment.id, !id.isEmpty {
      if let position = calls.firstIndex(where: { $0.id == id }) { return position }
      calls.append(PartialCall(index: (calls.map(\.index).max() ?? -1) + 1))
      return calls.count - 1
    }
    if calls.isEmpty { calls.append(PartialCall(index: 0)) }
    return calls.count - 1
  }
}
