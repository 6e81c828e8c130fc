/// A screen of the retail example; the value a link turns into.
///
/// Each case is the declaration of one route of ``RetailLinks/table``: the case's name is the route's
/// name and its labels are the pattern's parameters, so the router reads and writes these values
/// without a hand-written mapping.
public enum RetailDestination: Hashable, Sendable, Codable, CustomStringConvertible {
  /// A product's page, by the product's id (`/product/{id}`); the catalog is asked when the link opens.
  case product(id: String)
  /// The categories for one gender (`/category/{gender}`).
  case category(gender: Product.Gender)
  /// The products of one category for one gender (`/category/{gender}/{category}`).
  case subCategory(gender: Product.Gender, category: Product.Category)
  /// The account screen, the account tab's root (`/account`).
  case account
  /// An order, in the account tab (`/account/orders/{id}`).
  case order(id: String)

  /// A short name for logs and tests.
  public var description: String {
    switch self {
    case .product(let id): "product(\(id))"
    case .category(let gender): "category(\(gender.rawValue))"
    case .subCategory(let gender, let category): "subCategory(\(gender.rawValue)/\(category.rawValue))"
    case .account: "account"
    case .order(let id): "order(\(id))"
    }
  }
}

/// The tabs of the retail example.
public enum RetailTab: String, Hashable, Sendable, Codable, CaseIterable {
  /// Shopping: categories, sub-categories and products.
  case home
  /// The account: orders.
  case account
}
