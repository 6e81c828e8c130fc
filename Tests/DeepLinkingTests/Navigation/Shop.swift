import DeepLinking

/// A small retail app used by the navigation tests: a home tab with categories and products, an
/// account tab with orders.
enum Screen: Hashable, Sendable, Codable, CustomStringConvertible {
  case category(String)
  case subCategory(String, in: String)
  case product(String, category: String)
  case orders
  case order(String)

  var description: String {
    switch self {
    case .category(let name): "category(\(name))"
    case .subCategory(let name, let category): "subCategory(\(category)/\(name))"
    case .product(let id, _): "product(\(id))"
    case .orders: "orders"
    case .order(let id): "order(\(id))"
    }
  }
}

enum ShopTab: String, Hashable, Sendable, Codable, CaseIterable {
  case home
  case account
}

extension NavigationRules where Destination == Screen, Tab == ShopTab {
  static let shop = NavigationRules(
    tab: { screen in
      switch screen {
      case .category, .subCategory, .product: .home
      case .orders, .order: .account
      }
    },
    parent: { screen in
      switch screen {
      case .category: nil
      case .subCategory(_, let category): .category(category)
      case .product(_, let category): .category(category)
      case .orders: nil
      case .order: .orders
      }
    }
  )
}
