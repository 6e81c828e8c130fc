/// A product of the retail example: what a product link opens once the id is looked up.
public struct Product: Hashable, Sendable, Codable, Identifiable {
  /// Who a product is for; the first segment of a category link.
  public enum Gender: String, Hashable, Sendable, Codable, CaseIterable {
    /// Women's products.
    case women
    /// Men's products.
    case men
    /// Children's products.
    case kids

    /// The gender a category link names, such as `women` in `/category/women`.
    ///
    /// - Parameter deeplinkID: The link's segment, compared case-insensitively.
    /// - Returns: The gender, or `nil` for an id no gender has.
    public static func from(deeplinkID: String) -> Gender? {
      Gender(rawValue: deeplinkID.lowercased())
    }

    /// Reads a gender as a link names it, in any case (`KIDS` is `kids`).
    ///
    /// - Parameter decoder: The decoder, holding one string.
    /// - Throws: `DecodingError.dataCorrupted` for a string no gender has: a link that names nothing.
    public init(from decoder: any Decoder) throws {
      self = try decodeDeeplinkID(from: decoder, Gender.from(deeplinkID:))
    }
  }

  /// A kind of product; the second segment of a sub-category link.
  public enum Category: String, Hashable, Sendable, Codable, CaseIterable {
    /// Dresses.
    case dresses
    /// Shirts.
    case shirts
    /// Shoes.
    case shoes
    /// Rain jackets (written `rain-jackets` in links).
    case rainJackets = "rain-jackets"

    /// The category a sub-category link names, such as `dresses` in `/category/women/dresses`.
    ///
    /// - Parameter deeplinkID: The link's segment, compared case-insensitively.
    /// - Returns: The category, or `nil` for an id no category has.
    public static func from(deeplinkID: String) -> Category? {
      Category(rawValue: deeplinkID.lowercased())
    }

    /// Reads a category as a link names it, in any case (`Rain-Jackets` is `rainJackets`).
    ///
    /// - Parameter decoder: The decoder, holding one string.
    /// - Throws: `DecodingError.dataCorrupted` for a string no category has: a link that names nothing.
    public init(from decoder: any Decoder) throws {
      self = try decodeDeeplinkID(from: decoder, Category.from(deeplinkID:))
    }
  }

  /// The product's id, as it appears in `/product/{id}`.
  public var id: String
  /// The product's name.
  public var name: String
  /// Who the product is for.
  public var gender: Gender
  /// The kind of product.
  public var category: Category

  /// Creates a product.
  ///
  /// - Parameters:
  ///   - id: The product's id.
  ///   - name: The product's name.
  ///   - gender: Who the product is for.
  ///   - category: The kind of product.
  public init(id: String, name: String, gender: Gender, category: Category) {
    self.id = id
    self.name = name
    self.gender = gender
    self.category = category
  }

  /// A few products to try the example with.
  public static let mock: [Product] = [
    Product(id: "p100", name: "Linen Summer Dress", gender: .women, category: .dresses),
    Product(id: "p101", name: "Wrap Midi Dress", gender: .women, category: .dresses),
    Product(id: "p200", name: "Oxford Shirt", gender: .men, category: .shirts),
    Product(id: "p300", name: "Trail Running Shoes", gender: .women, category: .shoes),
    Product(id: "p400", name: "Packable Rain Jacket", gender: .kids, category: .rainJackets),
  ]
}

/// Reads one string and looks it up, refusing a string the lookup does not know as corrupted data.
private func decodeDeeplinkID<Value>(from decoder: any Decoder, _ lookup: (String) -> Value?) throws -> Value
{
  let container = try decoder.singleValueContainer()
  let text = try container.decode(String.self)
  guard let value = lookup(text) else {
    throw DecodingError.dataCorruptedError(
      in: container, debugDescription: "no \(Value.self) is named '\(text)'")
  }
  return value
}
