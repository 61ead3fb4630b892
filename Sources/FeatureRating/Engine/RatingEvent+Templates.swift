extension RatingEvent.Name {
  /// The user finished what they came to do.
  public static let taskCompleted: Self = "task_completed"
  /// The user reached a milestone (tenth conversation, first week of use).
  public static let milestoneReached: Self = "milestone_reached"
  /// A purchase or subscription went through.
  public static let purchaseCompleted: Self = "purchase_completed"
  /// The user liked, copied or shared an AI reply.
  public static let goodReply: Self = "good_reply"
  /// The user disliked or regenerated an AI reply.
  public static let badReply: Self = "bad_reply"
  /// The user saw a failure (network error, failed send, failed purchase).
  public static let errorEncountered: Self = "error_encountered"
}

extension RatingEvent {
  /// The user finished a task: +2 (the seed's `task_done` weight).
  public static let taskCompleted = RatingEvent.positive(.taskCompleted, weight: 2)
  /// A milestone: +3 (the seed's `milestone_reached` weight).
  public static let milestoneReached = RatingEvent.positive(.milestoneReached, weight: 3)
  /// A completed purchase: +3, as strong as a milestone.
  public static let purchaseCompleted = RatingEvent.positive(.purchaseCompleted, weight: 3)
  /// A reply the user liked: +1, so about five good replies reach the default threshold.
  public static let goodReply = RatingEvent.positive(.goodReply, weight: 1)
  /// A reply the user disliked: -2, outweighing two good replies.
  public static let badReply = RatingEvent.negative(.badReply, weight: 2)
  /// A failure the user saw: -1.5.
  public static let errorEncountered = RatingEvent.negative(.errorEncountered, weight: 1.5)

  /// Every template, for pickers, docs and the catalogue-consistency test.
  public static let templates: [RatingEvent] = [
    .taskCompleted, .milestoneReached, .purchaseCompleted, .goodReply, .badReply,
    .errorEncountered,
  ]
}
