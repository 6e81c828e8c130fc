/// A segment-template edge of the trie: the parent node and the template's
/// ``SegmentTemplate/key(caseInsensitive:)``, so templates alike but for their names share a child.
struct TemplateEdge: Hashable, Sendable {
  var parent: Int32
  var key: String
}

/// A segment-template child of a node: the template (with the names of the first route that made the
/// edge; matching reads only its literals and types) and the child node.
struct TemplateChild: Sendable {
  var template: SegmentTemplate
  var child: Int32
}

/// A middle-catch-all edge of the trie (`{prefix*}` in `/{prefix*}/product/{id}`): the node where the
/// catch-all starts, how many segments follow it, and whether it takes at least one.
struct SkipEdge: Hashable, Sendable {
  var parent: Int32
  var following: Int32
  var atLeastOne: Bool
}

/// A middle-catch-all child of a node: the pieces after the catch-all are matched from the child on,
/// starting `following` segments before the link's end, so the catch-all takes exactly the segments
/// between and no split point is tried.
struct SkipChild: Sendable {
  var following: Int32
  var atLeastOne: Bool
  var child: Int32

  /// The order a node tries its middle catch-alls: the one followed by more segments first (it takes
  /// fewer), then `{name+}` before `{name*}`.
  func ranksBefore(_ other: SkipChild) -> Bool {
    following != other.following ? following > other.following : atLeastOne && !other.atLeastOne
  }

  /// The key of the edge in a node's shape.
  var shapeKey: String { "\(following)\(atLeastOne ? "+" : "*")" }
}

/// A value-set child of a node: the set (of the first route that made the edge; matching reads only its
/// members) and the child node.
struct ValueSetChild: Sendable {
  var set: ValueSet
  var child: Int32
}

/// A child of an app-defined kind: the kind and the child node. A node tries its kinds in rank order
/// (``AppKind/ranksBefore(_:)``), each a pass over the segment.
struct KindChild: Sendable {
  var kind: AppKind
  var child: Int32
}
