/// A screen of the retail example, with what it needs to show; the value a link turns into.
public enum RetailDestination: Hashable, Sendable, Codable, CustomStringConvertible {
  /// A product's page.
  case product(Product)
  /// The categories for one gender (the home tab's root for that gender).
  case category(gender: Product.Gender)
  /// The products of one category for one gender (a sub-category).
  case products(gender: Product.Gender, category: Product.Category)
  /// The account tab's root.
  case account
  /// An order, in the account tab.
  case order(id: String)

  /// A short name for logs and tests.
  public var description: String {
    switch self {
    case .product(let product): "product(\(product.id))"
    case .category(let gender): "category(\(gender.rawValue))"
    case .products(let gender, let category): "products(\(gender.rawValue)/\(category.rawValue))"
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
