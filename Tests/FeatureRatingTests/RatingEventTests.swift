import Testing

@testable import FeatureRating

@Suite struct RatingEventTests {
  @Test func templatesAreConsistent() {
    let names = RatingEvent.templates.map(\.name)
    #expect(Set(names).count == names.count)
    for template in RatingEvent.templates {
      #expect(template.weight > 0, "\(template.name) has no weight")
      #expect(template.scoreDelta.sign == (template.sentiment == .positive ? .plus : .minus))
    }
    let sentiments = Set(RatingEvent.templates.map(\.sentiment))
    #expect(sentiments.count == RatingEvent.Sentiment.allCases.count)
  }

  @Test func seedTemplatesHaveTheSeedWeights() {
    #expect(RatingEvent.taskCompleted == .positive("task_completed", weight: 2))
    #expect(RatingEvent.milestoneReached.scoreDelta == 3)
    #expect(RatingEvent.purchaseCompleted.sentiment == .positive)
    #expect(RatingEvent.goodReply.scoreDelta == 1)
  }

  @Test func negativeEventsSubtractTheirWeight() {
    let event = RatingEvent.negative("reply_failed", weight: 1.5)
    #expect(event.weight == 1.5)
    #expect(event.scoreDelta == -1.5)
  }

  @Test(arguments: [-2.0, .nan, .infinity, -.infinity])
  func unusableWeightsCountAsZero(weight: Double) {
    #expect(RatingEvent.positive("odd", weight: weight).scoreDelta == 0)
    #expect(RatingEvent.negative("odd", weight: weight).scoreDelta == 0)
  }

  @Test func customNamesComeFromStringLiterals() {
    let event = RatingEvent.positive("milestone_reached", weight: 3)
    #expect(event.name == .milestoneReached)
    #expect(event.name.description == "milestone_reached")
  }
}
