/// This release of contract: what `contract --version` prints and what the recorder sends as its `User-Agent`.
///
/// A constant, not read from git at build time: two runners of the same release must send the same bytes, or a
/// server that echoes the request would make every re-record churn.
package enum ContractVersion {
    /// `2.0.0`.
    package static let current = "2.0.0"

    /// `contract/2.0.0`.
    package static var userAgent: String { "contract/\(current)" }
}
