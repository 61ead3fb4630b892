import AI
import Core
import FeatureChat
import Foundation
import Observation
import Storage

/// The events of one long reply: start, model, `tokens` content tokens, usage, finish.
enum ChatBenchmarkStream {
  /// Sends tokens in bursts with a pause between them, like a fast provider.
  struct Pace: Sendable {
    var tokensPerBurst: Int
    var pause: Duration
  }

  /// A stream of `events`, replayed at once or paced.
  static func stream(_ events: [ChatStreamEvent], pace: Pace?) -> ChatCompletionStream {
    guard let pace else { return ChatCompletionStream(events: events) }
    let (stream, continuation) = AsyncStream.makeStream(of: ChatStreamEvent.self)
    let producer = Task {
      for (index, event) in events.enumerated() {
        continuation.yield(event)
        if index % pace.tokensPerBurst == pace.tokensPerBurst - 1 {
          do {
            try await Task.sleep(for: pace.pause)
          } catch {
            break  // The reader stopped.
          }
        }
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in producer.cancel() }
    return ChatCompletionStream(stream)
  }

  private static let words = [
    "The", " model", " streams", " a", " long", " answer", " with", " code", ":", "\n",
    " let", " x", " =", " 42", ";", " café", " 東京", " 🙂", ",", " and", " more", ".",
  ]

  static func events(tokens: Int) -> [ChatStreamEvent] {
    var events: [ChatStreamEvent] = [.started(ChatResponseInfo()), .model("bench-model")]
    events.reserveCapacity(tokens + 4)
    for index in 0..<tokens {
      events.append(.content(words[(index &* 7) % words.count]))
    }
    events.append(.usage(TokenUsage(promptTokens: 12, completionTokens: tokens)))
    events.append(.finished(.completed(finishReason: .stop)))
    return events
  }
}

/// A client that replays prepared events as fast as they are read.
struct ReplayChatClient: ChatCompletionStreaming {
  let events: [ChatStreamEvent]
  let pace: ChatBenchmarkStream.Pace?

  func streamChatCompletion(_ request: ChatCompletionRequest) -> ChatCompletionStream {
    ChatBenchmarkStream.stream(events, pace: pace)
  }
}

/// Counts changes to the observable state a chat screen renders.
@MainActor
final class ObservedChanges {
  private(set) var count = 0
  private let read: @MainActor () -> Void

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    track()
  }

  private func track() {
    withObservationTracking {
      read()
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.count += 1
        self.track()
      }
    }
  }
}

@MainActor
enum ChatBenchmarkRun {
  /// Sends one message through a fresh `ChatViewModel` and returns how many text updates
  /// it published and how many observable changes a screen would have seen.
  static func viewModel(
    events: [ChatStreamEvent], expected: String, pace: ChatBenchmarkStream.Pace?,
    storage: ChatBenchmark.StorageChoice
  ) async throws -> (streamed: Int, observed: Int) {
    let clock = AppClock.live
    let uuid = UUIDGenerator.live
    let conversations: any ConversationRepository
    let messages: any MessageRepository
    let usage: any UsageRepository
    var database: StorageDatabase?
    var folder: URL?
    switch storage {
    case .memory:
      let store = InMemoryChatStore(clock: clock, uuid: uuid)
      conversations = store
      messages = store
      usage = InMemoryUsageRepository()
    case .sqlite:
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("kiln-bench-chat-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let opened = try StorageDatabase(
        path: directory.appendingPathComponent("kiln.sqlite").path, clock: clock)
      conversations = SQLiteConversationRepository(database: opened, clock: clock, uuid: uuid)
      messages = SQLiteMessageRepository(database: opened)
      usage = SQLiteUsageRepository(database: opened)
      database = opened
      folder = directory
    }
    defer {
      if let folder {
        do {
          try FileManager.default.removeItem(at: folder)
        } catch {
          FileHandle.standardError.write(
            Data("kiln-bench chat: could not remove \(folder.path)\n".utf8))
        }
      }
    }
    let freeTier = FreeTierGate(
      provider: .proxy, subscription: FixedSubscriptionStatus(isSubscribed: false),
      usage: usage, clock: clock, calendar: Calendar(identifier: .gregorian))
    let repositories = ChatRepositories(
      conversations: conversations, messages: messages,
      memories: InMemoryMemoryRepository(clock: clock, uuid: uuid))
    let conversation = try await conversations.create(
      title: "Benchmark", personaName: nil, personaID: nil)
    let chat = ChatViewModel(
      conversationID: conversation.id, repositories: repositories,
      replies: ReplayChatClient(events: events, pace: pace), freeTier: freeTier, clock: clock,
      uuid: uuid)
    await chat.load()
    let changes = ObservedChanges {
      _ = chat.messages
      _ = chat.state
      _ = chat.usage
      _ = chat.queuedMessages
      _ = chat.conversation
      _ = chat.freeMessagesRemaining
    }
    let result = await chat.send("Write a long answer")
    await database?.close()
    guard let result, result.isCompleted, chat.messages.last?.text == expected else {
      throw BenchmarkError(description: "the view model lost or changed text")
    }
    return (chat.streamedTextUpdates, changes.count)
  }
}
