import Foundation

/// A calendar day written `yyyy-MM-dd`, compared as text-free numbers.
package struct CalendarDate: Comparable {
    var year: Int, month: Int, day: Int

    /// A day written `yyyy-MM-dd` that the calendar has: not `2099-02-31`, nor `2027-02-29`.
    package init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The number of days in `month` (1-12) of `year`, in the Gregorian calendar.
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    init(year: Int, month: Int, day: Int) {
        (self.year, self.month, self.day) = (year, month, day)
    }

    package static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

extension CalendarDate {
    /// The UTC calendar day of `date`.
    init(utc date: Date) {
        // The civil date of the day count, after Howard Hinnant's well-known algorithm (proleptic Gregorian), so
        // that no Calendar is made: that loaded ICU's calendar data on every run that checks a waiver's date.
        // Days are kept within a billion years either side (Date.distantPast and distantFuture are a few thousand), so
        // that an absurd instant (infinity, NaN, 1e300 s) makes an absurd day rather than trapping in the conversion.
        let dayCount = (date.timeIntervalSince1970 / 86_400).rounded(.down)
        let days = Int(dayCount.isNaN ? 0 : min(max(dayCount, -365e9), 365e9)) + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }
}
