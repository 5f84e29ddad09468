import Foundation
import Testing

@testable import ContractKit

@Suite struct CalendarDateTests {
    /// The day Foundation's Gregorian calendar gives in UTC.
    static func calendarDay(_ date: Date) -> CalendarDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return CalendarDate(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    @Test func theUTCDayOfAnInstantIsTheCalendarsDay() {
        // From 1600 (after the Julian calendar, where Foundation's Gregorian calendar still switches to it) to 9999,
        // and the edges of days, months, leap days and the epoch.
        var generator = SystemRandomNumberGenerator()
        var instants: [Double] = [0, -1, 86_399, 86_400, -86_400, 951_782_400, 951_868_799, 4_107_542_399]
        for _ in 0..<3_000 {
            instants.append(Double.random(in: -11_676_096_000...253_402_300_799, using: &generator).rounded())
        }
        for instant in instants {
            let date = Date(timeIntervalSince1970: instant)
            #expect(CalendarDate(utc: date) == Self.calendarDay(date), "at \(instant)")
        }
    }

    @Test func anAbsurdInstantMakesADayWithoutTrapping() {
        for seconds in [Double.infinity, -Double.infinity, .nan, 1e300, -1e300, 8e23] {
            _ = CalendarDate(utc: Date(timeIntervalSince1970: seconds))
        }
        #expect(CalendarDate(utc: .distantFuture) == CalendarDate(year: 4001, month: 1, day: 1))
    }

    @Test func knownDays() {
        #expect(CalendarDate(utc: Date(timeIntervalSince1970: 0)) == CalendarDate(year: 1970, month: 1, day: 1))
        #expect(CalendarDate(utc: Date(timeIntervalSince1970: -0.5)) == CalendarDate(year: 1969, month: 12, day: 31))
        // 2000-02-29T12:00:00Z, a leap day of a year divisible by 400.
        #expect(
            CalendarDate(utc: Date(timeIntervalSince1970: 951_825_600)) == CalendarDate(year: 2000, month: 2, day: 29))
        // 2026-11-26T23:59:59Z.
        #expect(
            CalendarDate(utc: Date(timeIntervalSince1970: 1_795_737_599))
                == CalendarDate(year: 2026, month: 11, day: 26))
    }
}
