import Core
import Storage

extension SettingsViewModel {
  /// The user flipped "Share Diagnostics".
  public func diagnosticsToggled(_ isOn: Bool) async {
    await change(\.shareDiagnostics, to: isOn)
  }

  /// The user flipped "Allow Notifications". Asking the system for permission is the app's
  /// part; this records the choice.
  public func notificationsToggled(_ isOn: Bool) async {
    await change(\.notificationsEnabled, to: isOn)
  }

  /// The user flipped "Haptic Feedback".
  public func hapticsToggled(_ isOn: Bool) async {
    await change(\.hapticsEnabled, to: isOn)
  }

  /// The user flipped "Reduce Motion".
  public func reduceMotionToggled(_ isOn: Bool) async {
    await change(\.reduceMotion, to: isOn)
  }

  /// The user picked a chat layout.
  public func chatStyleSelected(_ style: SettingsDTO.ChatUIStyle) async {
    await change(\.chatUIStyle, to: style)
  }

  /// The user picked a model; `nil` goes back to the default.
  public func modelSelected(_ model: String?) async {
    await change(\.selectedModel, to: model)
  }

  /// The user picked a persona; `nil` goes back to the default persona.
  public func personaSelected(_ personaID: String?) async {
    await change(\.selectedPersonaID, to: personaID)
  }

  // MARK: - Saving

  /// A change that is shown but not saved yet.
  struct PendingChange {
    let number: Int
    let apply: @MainActor (inout SettingsDTO) -> Void
  }

  /// The settings the user asked for: what is stored with the unsaved changes on top, before
  /// premium themes are locked.
  var requestedSettings: SettingsDTO {
    var requested = stored
    for change in pendingChanges { change.apply(&requested) }
    return requested
  }

  /// Shows `value` at once, then saves it after the changes before it (load, copy, save).
  /// When the save fails the setting shows what is stored again and `error` says why.
  func change<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<SettingsDTO, Value>, to value: Value
  ) async {
    guard requestedSettings[keyPath: keyPath] != value else { return }
    changeCount += 1
    let number = changeCount
    pendingChanges.append(PendingChange(number: number) { $0[keyPath: keyPath] = value })
    refreshShownSettings()
    await enqueue { await self.save(keyPath, value, changeNumber: number) }
  }

  private func save<Value: Sendable>(
    _ keyPath: WritableKeyPath<SettingsDTO, Value>, _ value: Value, changeNumber: Int
  ) async {
    defer {
      pendingChanges.removeAll { $0.number == changeNumber }
      refreshShownSettings()
    }
    do {
      var updated = try await repository.load()
      stored = updated
      updated[keyPath: keyPath] = value
      try await repository.save(updated)
      stored = updated
    } catch {
      report(error, while: "Saving settings")
    }
  }

  /// Makes `settings` the stored settings with the unsaved changes on top, with a premium
  /// theme shown as System while the user is known not to be subscribed, and hands the theme
  /// to the `ThemeManager`. Before the first load the theme manager is left alone unless the
  /// theme changed, so the theme it restored is not replaced by a default.
  func refreshShownSettings() {
    var shown = requestedSettings
    if shown.theme.isPremium, subscription?.isSubscribed == false {
      shown.theme = .system
    }
    let themeChanged = shown.theme != settings.theme
    if shown != settings { settings = shown }
    let hasLoaded = loadState != .notLoaded && loadState != .loading
    if (hasLoaded || themeChanged), themeManager.selected != shown.theme {
      themeManager.selected = shown.theme
    }
  }

  /// Runs `operation` after every load and save asked for before it.
  func enqueue(_ operation: @escaping @MainActor () async -> Void) async {
    let previous = queueTail
    let task = Task {
      await previous?.value
      await operation()
    }
    queueTail = task
    await task.value
  }

  /// Records a failure for the user (cancellation is not one) and logs its detail.
  func report(_ error: any Error, while action: String) {
    let diagnosis = AppError.diagnose(error)
    guard diagnosis.error != .cancelled else {
      logger.info("\(action) was cancelled", category: .feature)
      return
    }
    logger.error("\(action) failed: \(diagnosis.detail)", category: .feature)
    self.error = diagnosis.error
  }
}
