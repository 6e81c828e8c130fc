import DeepLinkRouting
import RouteFiles

extension JSONPath {
  /// The path as the association-file reports name a place, such as
  /// `applinks.details[0].components[2]["/"]`: keys that are plain identifiers with a dot, other keys
  /// (`/`, `?`, `#`, app IDs) in brackets and quotes, and `top level` for the document itself.
  package var place: String {
    isRoot ? "top level" : description
  }
}
