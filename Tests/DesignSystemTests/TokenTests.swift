import Testing

@testable import DesignSystem

@Suite struct TokenTests {
  @Test func spacingIsTheSeedScale() {
    #expect(DSSpacing.scale == [4, 8, 12, 16, 24])
    #expect(
      [DSSpacing.xs, DSSpacing.sm, DSSpacing.md, DSSpacing.lg, DSSpacing.xl] == DSSpacing.scale)
  }

  @Test func radiusIsTheSeedScaleAndCardIsLarge() {
    #expect(DSRadius.scale == [8, 12, 16, 24, 32])
    #expect(DSRadius.card == DSRadius.lg)
    #expect(DSRadius.card == 24)
  }

  @Test func scalesGrowStrictlyOnAFourPointGrid() {
    for scale in [DSSpacing.scale, DSRadius.scale] {
      #expect(zip(scale, scale.dropFirst()).allSatisfy { $0 < $1 })
      #expect(scale.allSatisfy { $0.truncatingRemainder(dividingBy: 4) == 0 })
    }
  }

  @Test func controlsAreNeverSmallerThanATouchTarget() {
    #expect(DSSize.minimumTouchTarget == 44)
    let controls = [DSSize.buttonHeight, DSSize.compactButtonHeight, DSSize.inputBarMinimumHeight]
    #expect(DSSize.controlHeights == controls, "every control is in the list that is checked")
    for height in controls {
      #expect(height >= DSSize.minimumTouchTarget)
    }
  }

  @Test func iconAndAvatarSizesGrow() {
    let icons = [DSSize.iconSmall, DSSize.iconMedium, DSSize.iconLarge, DSSize.iconXLarge]
    #expect(zip(icons, icons.dropFirst()).allSatisfy { $0 < $1 })
    let avatars = [DSSize.avatarSmall, DSSize.avatarMedium, DSSize.avatarLarge]
    #expect(zip(avatars, avatars.dropFirst()).allSatisfy { $0 < $1 })
    #expect(DSSize.avatarLarge == 80)
  }

  @Test func motionHasTheSeedValues() {
    #expect(DSMotion.quick == 0.12)
    #expect(DSMotion.standard == 0.18)
    #expect(DSMotion.smooth == 0.25)
    #expect(DSMotion.spring == SpringToken(response: 0.3, dampingFraction: 0.7))
    #expect(DSMotion.gentleSpring.response > DSMotion.spring.response)
    #expect(DSMotion.gentleSpring.dampingFraction > DSMotion.spring.dampingFraction)
  }

  @Test func reduceMotionRemovesMovement() {
    #expect(
      DSMotion.adaptiveStandard(reduceMotion: false) == .timed(duration: 0.18, curve: .easeInOut))
    #expect(DSMotion.adaptiveStandard(reduceMotion: true) == MotionToken.none)
    #expect(DSMotion.adaptiveSpring(reduceMotion: false) == .spring(DSMotion.spring))
    #expect(!DSMotion.adaptiveSpring(reduceMotion: true).isAnimated)
    #expect(DSMotion.pressedScale(reduceMotion: false) == 0.97)
    #expect(DSMotion.pressedScale(reduceMotion: true) == 1)
    #expect(DSMotion.shimmerEnabled(reduceMotion: false))
    #expect(!DSMotion.shimmerEnabled(reduceMotion: true))
    #expect(DSMotion.crossfade == .timed(duration: DSMotion.quick, curve: .easeInOut))
  }

  @Test func typeScaleIsTheIOSLargeScale() {
    let expected: [(Double, Double)] = [
      (34, 41), (28, 34), (22, 28), (20, 25), (17, 22), (17, 22), (16, 21), (15, 20), (13, 18),
      (12, 16), (11, 13),
    ]
    #expect(DSTypography.scale.count == TextStyle.allCases.count)
    #expect(DSTypography.scale.map(\.size) == expected.map(\.0))
    #expect(DSTypography.scale.map(\.leading) == expected.map(\.1))
    #expect(DSTypography.token(for: .headline).weight == .semibold)
    #expect(DSTypography.token(for: .body).weight == .regular)
    #expect(DSTypography.scale.allSatisfy { $0.leading > $0.size })
    #expect(DSTypography.scale.allSatisfy { $0.size >= DSTypography.minimumSize })
  }

  @Test func seedRolesMapOntoTheScale() {
    #expect(DSTypography.titleXL.size == 34 && DSTypography.titleXL.weight == .bold)
    #expect(DSTypography.titleL.size == 28)
    #expect(DSTypography.titleM.size == 22)
    #expect(DSTypography.body.size == DSTypography.defaultReadableSize)
    #expect(DSTypography.caption.size == 12)
    #expect(DSTypography.code.isMonospaced)
  }

  @Test(arguments: [
    (24.0, FontWeight.regular, true), (23.9, .regular, false), (18.66, .bold, true),
    (18.65, .bold, false), (20, .semibold, false), (20, .heavy, true),
  ])
  func largeTextBoundaries(size: Double, weight: FontWeight, isLarge: Bool) {
    #expect(DSTypography.isLargeText(size: size, weight: weight) == isLarge)
    let requirement = ContrastRequirement.forText(size: size, weight: weight)
    #expect(requirement == (isLarge ? .largeText : .normalText))
  }

  @Test func onlyTitlesAreLargeText() {
    #expect(DSTypography.titleXL.isLargeText)
    #expect(DSTypography.titleM.isLargeText)
    #expect(!DSTypography.body.isLargeText)
    #expect(!DSTypography.token(for: .title2).isLargeText)
  }
}
