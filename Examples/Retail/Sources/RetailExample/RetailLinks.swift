import DeepLinking

/// The retail example's links: one route table in place of an ordered list of regular expressions.
///
/// A list tried in order with unanchored patterns (`/category/\w+/?` before
/// `/category/\w+/(\w|-)+/?`) opens `/category/women/dresses` as the *category* page, because the
/// shorter pattern also matches a prefix of the longer link. Routes matched by specificity cannot make
/// that mistake: the two-segment link reaches the sub-category route whatever the order of the table.
///
/// Product links look the product up; an id that no product has is not a destination.
public struct RetailLinks: Sendable {
  /// The route table: custom scheme `shop`, web host `shop.example.com`.
  public static let table = RouteTable(
    schemes: ["shop"],
    hosts: ["shop.example.com"],
    routes: [
      RouteDefinition("product", "/product/{id}"),
      RouteDefinition("category", "/category/{gender}"),
      RouteDefinition("subCategory", "/category/{gender}/{category}"),
      RouteDefinition("account", "/account"),
      RouteDefinition("order", "/account/orders/{orderId}", requiresVerifiedLink: true, requiresSignIn: true),
    ]
  )

  /// The typed router.
  public let destinations: DestinationRouter<RetailDestination>

  /// Creates the links over a product list.
  ///
  /// - Parameter products: The products links may name.
  /// - Throws: ``RouteTableError`` if the table does not build.
  public init(products: [Product] = Product.mock) throws(RouteTableError) {
    let byID = Dictionary(products.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    destinations = try DestinationRouter(
      table: Self.table,
      destination: { match in
        let parameters = match.parameters
        switch match.route {
        case "product":
          return parameters.string("id").flatMap { byID[$0] }.map(RetailDestination.product)
        case "category":
          return parameters.string("gender").flatMap(Product.Gender.from(deeplinkID:)).map {
            RetailDestination.category(gender: $0)
          }
        case "subCategory":
          guard let gender = parameters.string("gender").flatMap(Product.Gender.from(deeplinkID:)),
            let category = parameters.string("category").flatMap(Product.Category.from(deeplinkID:))
          else { return nil }
          return .products(gender: gender, category: category)
        case "account":
          return .account
        case "order":
          return parameters.string("orderId").map { RetailDestination.order(id: $0) }
        default:
          return nil
        }
      },
      values: { destination in
        switch destination {
        case .product(let product): RouteValues("product", ["id": .string(product.id)])
        case .category(let gender): RouteValues("category", ["gender": .string(gender.rawValue)])
        case .products(let gender, let category):
          RouteValues(
            "subCategory", ["gender": .string(gender.rawValue), "category": .string(category.rawValue)])
        case .account: RouteValues("account")
        case .order(let id): RouteValues("order", ["orderId": .string(id)])
        }
      }
    )
  }

  /// Where each destination sits: its tab and the screen Back leads to.
  ///
  /// A product sits on its sub-category, a sub-category on its category, an order on the account
  /// page; so a product link opened on a cold start shows category → sub-category → product.
  public static let rules = NavigationRules<RetailDestination, RetailTab>(
    tab: { destination in
      switch destination {
      case .product, .category, .products: .home
      case .account, .order: .account
      }
    },
    parent: { destination in
      switch destination {
      case .product(let product): .products(gender: product.gender, category: product.category)
      case .products(let gender, _): .category(gender: gender)
      case .category, .account: nil
      case .order: .account
      }
    }
  )
}
