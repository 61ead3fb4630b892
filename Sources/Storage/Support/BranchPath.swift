import Foundation

/// Which messages form the active path when the user switches to a branch; shared by both
/// implementations.
enum BranchPath {
  /// What the path computation needs of a message.
  struct Node {
    let id: UUID
    let parentID: UUID?
    let createdAt: Date
  }

  /// The path through `target`: its ancestors (root first), itself, then from it down the
  /// newest child at each step. Cycles left by damaged data end the walk instead of looping.
  static func path(through target: UUID, in nodes: [Node]) -> [UUID] {
    var byID: [UUID: Node] = [:]
    var children: [UUID: [Node]] = [:]
    for node in nodes {
      byID[node.id] = node
      if let parentID = node.parentID { children[parentID, default: []].append(node) }
    }
    var visited: Set<UUID> = [target]
    var ancestors: [UUID] = []
    var current = byID[target]?.parentID
    while let id = current, byID[id] != nil, visited.insert(id).inserted {
      ancestors.append(id)
      current = byID[id]?.parentID
    }
    var path = Array(ancestors.reversed()) + [target]
    var tip = target
    while let next = children[tip]?.min(by: {
      isNewer(($0.createdAt, $0.id), than: ($1.createdAt, $1.id))
    }),
      visited.insert(next.id).inserted
    {
      path.append(next.id)
      tip = next.id
    }
    return path
  }
}
