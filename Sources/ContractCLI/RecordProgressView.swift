import ContractKit
import Foundation

/// Recording progress on standard error.
///
/// On a terminal, each endpoint in flight has a live line with its elapsed time, replaced by its result when it is
/// done; elsewhere (CI logs, pipes) each result and each retry is one plain line. Every text shown comes from a
/// ``RecordEvent`` and is already redacted.
final class RecordProgressView: @unchecked Sendable {
    // @unchecked: the mutable state is read and written only while holding `lock`.
    private let lock = NSLock()
    private let live: Bool
    private let color: Bool
    private let idWidth: Int
    private let width: Int
    private var inFlight: [(id: String, started: Date, note: String)] = []
    private var drawnLines = 0
    private var ticker: DispatchSourceTimer?

    /// A view for these endpoints; `live` redraws in place (a terminal only).
    init(endpointIDs: [String], live: Bool, color: Bool) {
        self.live = live
        self.color = color
        self.idWidth = min(40, endpointIDs.map(\.count).max() ?? 0)
        self.width = RecordProgressView.terminalWidth()
        if live {
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now() + 0.2, repeating: 0.2)
            timer.setEventHandler { [weak self] in self?.redraw(adding: []) }
            timer.resume()
            ticker = timer
        }
    }

    /// A view for standard error: live when it is a terminal.
    static func standardError(endpointIDs: [String]) -> RecordProgressView {
        let terminal = isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        return RecordProgressView(endpointIDs: endpointIDs, live: terminal, color: terminal && !noColor)
    }

    /// Shows one event.
    func handle(_ event: RecordEvent) {
        switch event {
        case .started(let id, let request):
            // Only a live view shows what is in flight.
            guard live else { return }
            lock.lock()
            inFlight.append((id, Date(), request))
            lock.unlock()
            redraw(adding: [])
        case .answered(let id):
            // Its slot is free and the next request may be out: the line says so, so that a live view listing more
            // endpoints than --concurrency is not taken for more requests than that.
            guard live else { return }
            setNote("writing", of: id)
        case .retrying(let id, let attempt, let attempts, let reason, let delay):
            let note = "retry \(attempt)/\(attempts) in \(RecordProgressView.duration(delay)): \(reason)"
            setNote(note, of: id)
            redraw(adding: live ? [] : [line(mark: paint(" ...", .dim), id: id, time: "", text: note)])
        case .finished(let id, let outcome, let seconds):
            if live {
                lock.lock()
                inFlight.removeAll { $0.id == id }
                lock.unlock()
            }
            redraw(adding: [finishedLine(id: id, outcome: outcome, seconds: seconds)])
        }
    }

    /// Shows `note` on the live line of the endpoint `id`, when it has one.
    private func setNote(_ note: String, of id: String) {
        lock.lock()
        defer { lock.unlock() }
        if let index = inFlight.firstIndex(where: { $0.id == id }) { inFlight[index].note = note }
    }

    /// Stops the live display, leaving the results on screen.
    func finish() {
        lock.lock()
        ticker?.cancel()
        ticker = nil
        inFlight.removeAll()
        lock.unlock()
        redraw(adding: [])
    }

    // MARK: - Drawing

    private func redraw(adding lines: [String]) {
        guard live else {
            // Plain lines share no state: each is written whole by one `write(2)`, without holding the lock that the
            // threads finishing endpoints would otherwise queue on.
            guard var text = lines.first else { return }
            for line in lines.dropFirst() {
                text += "\n"
                text += line
            }
            text += "\n"
            write(text)
            return
        }
        lock.lock()
        defer { lock.unlock() }
        var output = drawnLines > 0 ? "\u{1B}[\(drawnLines)F\u{1B}[J" : ""
        for line in lines { output += line + "\n" }
        let now = Date()
        for flight in inFlight {
            let elapsed = RecordProgressView.duration(now.timeIntervalSince(flight.started))
            output += clipped(line(mark: paint(" ...", .dim), id: flight.id, time: elapsed, text: flight.note)) + "\n"
        }
        drawnLines = inFlight.count
        if !output.isEmpty { write(output) }
    }

    private func finishedLine(id: String, outcome: RecordOutcome, seconds: Double) -> String {
        let time = RecordProgressView.duration(seconds)
        switch outcome {
        case .written(let status, _):
            return line(
                mark: paint(RecordProgressView.padded(status), status < 400 ? .green : .yellow), id: id, time: time,
                text: "written")
        case .unchanged(let status, _):
            return line(
                mark: paint(RecordProgressView.padded(status), status < 400 ? .green : .yellow), id: id, time: time,
                text: "unchanged")
        case .skipped:
            return line(mark: paint("skip", .dim), id: id, time: "", text: "already recorded (--mode missing)")
        case .failed(let failure):
            return line(mark: paint("FAIL", .red), id: id, time: time, text: failure.reason)
        }
    }

    private func line(mark: String, id rawID: String, time: String, text rawText: String) -> String {
        // Ids and reasons come from spec and server text: a control character in them must not reach the terminal.
        let id = rawID.escapingNonPrintables()
        let text = rawText.escapingNonPrintables()
        // One string, grown in place: a line is written for every endpoint of a run.
        let idCount = id.count
        let timeCount = time.count
        var line = mark
        line.reserveCapacity(mark.utf8.count + id.utf8.count + text.utf8.count + max(idWidth, idCount) + 16)
        line += "  "
        line += id
        RecordProgressView.appendSpaces(idWidth - idCount, to: &line)
        line += "  "
        RecordProgressView.appendSpaces(7 - timeCount, to: &line)
        line += time
        line += "  "
        line += text
        return line
    }

    private static let spaces = String(repeating: " ", count: 64)

    /// `count` spaces (none when it is not above zero) at the end of `line`.
    private static func appendSpaces(_ count: Int, to line: inout String) {
        var left = count
        while left > 0 {
            let run = min(left, 64)
            line.append(contentsOf: spaces.prefix(run))
            left -= run
        }
    }

    /// A live line cut to the terminal's width, so that redrawing can count lines.
    private func clipped(_ text: String) -> String {
        // Escape sequences take no room on screen; only lines without colour are ever too long to matter here.
        let visible = text.replacingOccurrences(of: "\u{1B}[2m", with: "").replacingOccurrences(
            of: "\u{1B}[0m", with: "")
        guard visible.count >= width else { return text }
        return String(visible.prefix(max(10, width - 2))) + "…"
    }

    /// Writes `text` to standard error with `write(2)`, from the string's own bytes (no `Data`, no `FileHandle`).
    private func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var done = 0
            while done < bytes.count {
                let count = Foundation.write(STDERR_FILENO, bytes.baseAddress! + done, bytes.count - done)
                if count < 0, errno == EINTR { continue }
                // An error writing (a file that cannot grow) loses the progress, not the run. A pipe closed at the
                // other end stops the process with SIGPIPE, as any write to it would.
                guard count > 0 else { return }
                done += count
            }
        }
    }

    private enum Style: String {
        case red = "31"
        case green = "32"
        case yellow = "33"
        case dim = "2"
    }

    private func paint(_ text: String, _ style: Style) -> String {
        color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// A status right-aligned in four columns, as `%4d` writes it (without Foundation's formatter, once a line).
    static func padded(_ status: Int) -> String {
        let digits = String(status)
        return digits.count >= 4 ? digits : String(repeating: " ", count: 4 - digits.count) + digits
    }

    /// `84 ms`, `1.2 s`.
    static func duration(_ seconds: Double) -> String {
        seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.1f s", seconds)
    }

    private static func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 100 }
        return Int(size.ws_col)
    }
}
