/// The body of `GET /v1/subscribers/{app_user_id}/offerings`.
///
/// Prices are not part of it: the store supplies them on the device. The client asks its
/// `ProductPriceSource` for them. `placements` (present when the project uses RevenueCat's
/// placements) names an offering per placement and a fallback for the others.
package struct RevenueCatOfferingsResponse: Decodable, Sendable, Equatable {
  /// The offering to show this customer; `nil` when none is targeted.
  package var currentOfferingID: String?
  /// Every offering.
  package var offerings: [Offering]
  /// The offerings chosen per placement, if the project configured any.
  package var placements: Placements?

  package struct Placements: Decodable, Sendable, Equatable {
    /// The offering for placements the dashboard does not name.
    package var fallbackOfferingID: String?
    /// The offering per placement identifier; a `null` value means "no offering here".
    package var offeringIDsByPlacement: [String: String?]

    enum CodingKeys: String, CodingKey {
      case fallbackOfferingID = "fallback_offering_id"
      case offeringIDsByPlacement = "offering_ids_by_placement"
    }

    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      fallbackOfferingID = try container.decodeIfPresent(
        String.self, forKey: .fallbackOfferingID)
      offeringIDsByPlacement =
        try container.decodeIfPresent([String: String?].self, forKey: .offeringIDsByPlacement)
        ?? [:]
    }
  }

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
    case placements
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    currentOfferingID = try container.decodeIfPresent(String.self, forKey: .currentOfferingID)
    offerings = try container.decode([Offering].self, forKey: .offerings)
    placements = try container.decodeIfPresent(Placements.self, forKey: .placements)
  }

  /// The current offering, if the customer has one.
  package var currentOffering: Offering? {
    guard let currentOfferingID else { return nil }
    return offerings.first { $0.identifier == currentOfferingID }
  }

  /// The offering to show at `placement`: the one the dashboard names for it, else the
  /// placements' fallback, else the current offering. Without a placement (the user opened
  /// the paywall themselves) it is the current offering. An offering named but missing from
  /// the list, or a placement set to "no offering", falls through to the next choice, so a
  /// paywall the user asked for is never empty while RevenueCat has an offering to show.
  package func offering(for placement: PaywallPlacement?) -> Offering? {
    if let placement, let placements {
      if let named = placements.offeringIDsByPlacement[placement.rawValue] ?? nil,
        let offering = offering(named: named)
      {
        return offering
      }
      if let fallback = placements.fallbackOfferingID, let offering = offering(named: fallback) {
        return offering
      }
    }
    return currentOffering
  }

  private func offering(named identifier: String) -> Offering? {
    offerings.first { $0.identifier == identifier }
  }
}
