import Core
import Testing

@Suite struct CivilDateTests {
  /// Day counts from Python's `datetime.date`, written out.
  static let known: [(year: Int, month: Int, day: Int, days: Int)] = [
    (1970, 1, 1, 0), (1969, 12, 31, -1), (2000, 2, 29, 11_016), (2000, 3, 1, 11_017),
    (2024, 2, 29, 19_782), (1900, 3, 1, -25_508), (1600, 1, 1, -135_140),
    (9999, 12, 31, 2_932_896),
  ]

  @Test(arguments: known)
  func daysAndDatesAgreeWithAnOutsideCalendar(
    _ date: (year: Int, month: Int, day: Int, days: Int)
  ) {
    #expect(CivilDate.days(year: date.year, month: date.month, day: date.day) == date.days)
    let back = CivilDate.fromDays(date.days)
    #expect(back.year == date.year && back.month == date.month && back.day == date.day)
  }

  @Test func everyDayOfFourCenturiesRoundTrips() {
    var mismatches = 0
    for days in -73_000...73_000 {
      let date = CivilDate.fromDays(days)
      if CivilDate.days(year: date.year, month: date.month, day: date.day) != days {
        mismatches += 1
      }
    }
    #expect(mismatches == 0)
  }

  @Test(arguments: [
    (2024, 2, 29), (2023, 2, 28), (2000, 2, 29), (2100, 2, 28), (2026, 4, 30), (2026, 12, 31),
    (2026, 1, 31),
  ])
  func daysInMonthFollowTheGregorianLeapRule(year: Int, month: Int, days: Int) {
    #expect(CivilDate.daysInMonth(year: year, month: month) == days)
  }
}
