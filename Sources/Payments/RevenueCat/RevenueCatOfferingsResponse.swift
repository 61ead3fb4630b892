/// The body of `GET /v1/subscribers/{app_user_id}/offerings`.
///
/// Prices are not part of it: the store supplies them on the device. The portable client
/// takes them from the product catalog it was given.
package struct RevenueCatOfferingsResponse: Decodable, Sendable, Equatable {
  /// The offering to show this customer; `nil` when none is targeted.
  package var currentOfferingID: String?
  /// Every offering.
  package var offerings: [Offering]

  package struct Offering: Decodable, Sendable, Equatable {
    /// The offering's identifier, e.g. `default`.
    package var identifier: String
    /// Its description.
    package var description: String?
    /// Its packages, in display order.
    package var packages: [Package]

    enum CodingKeys: String, CodingKey { case identifier, description, packages }

    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      identifier = try container.decode(String.self, forKey: .identifier)
      description = try container.decodeIfPresent(String.self, forKey: .description)
      packages = try container.decodeIfPresent([Package].self, forKey: .packages) ?? []
    }
  }

  package struct Package: Decodable, Sendable, Equatable {
    /// `$rc_monthly`, `$rc_annual`, … or a custom identifier.
    package var identifier: String
    /// The store product the package sells.
    package var platformProductIdentifier: String

    enum CodingKeys: String, CodingKey {
      case identifier
      case platformProductIdentifier = "platform_product_identifier"
    }
  }

  enum CodingKeys: String, CodingKey {
    case currentOfferingID = "current_offering_id"
    case offerings
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    currentOfferingID = try container.decodeIfPresent(String.self, forKey: .currentOfferingID)
    offerings = try container.decode([Offering].self, forKey: .offerings)
  }

  /// The current offering, if the customer has one.
  package var currentOffering: Offering? {
    guard let currentOfferingID else { return nil }
    return offerings.first { $0.identifier == currentOfferingID }
  }
}
