/// Renders a verification report in one output format.
public protocol ReportRenderer: Sendable {
    /// The whole output, ending in a newline.
    func render(_ report: VerificationReport) -> String
}

/// The output formats, by the names the command line uses.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text
    case json

    /// The renderer for this format.
    public func renderer(color: Bool = false) -> any ReportRenderer {
        switch self {
        case .text: return TextReportRenderer(color: color)
        case .json: return JSONReportRenderer()
        }
    }
}
