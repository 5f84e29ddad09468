/// A setting that hints tell the user to change, named the way the caller sets it.
///
/// ContractKit's hints name the setting (`raise the timeout`), not a flag: someone verifying inside `swift test`
/// has no `--timeout` to pass. The command line hands its own words for each setting through ``SettingNames``
/// (`raise --timeout`), as it hands its name through ``RunnerName``.
package enum Setting: String, Sendable, CaseIterable {
    /// Where the spec files are.
    case specs
    /// The recorder's base URL.
    case baseURL
    /// The recorder's whole-request deadline.
    case timeout
    /// How many times the recorder tries a request.
    case retries
    /// How many requests the recorder has in flight at once.
    case concurrency
    /// The largest response body the recorder accepts.
    case maxBodyBytes
    /// The PEM file of CA certificates the recorder trusts instead of the system's.
    case caFile
    /// Whether `diff` lists the values that changed.
    case diffValues
}

/// How the current caller sets each ``Setting``: a flag on the command line, a parameter in code.
package struct SettingNames: Sendable {
    /// The caller's own names; the others are ``libraryNames``.
    private var names: [Setting: String]

    /// Names for some settings; the others keep their library names.
    package init(_ names: [Setting: String]) { self.names = names }

    /// How a hint names `setting` for the current caller.
    package subscript(_ setting: Setting) -> String {
        names[setting] ?? SettingNames.libraryNames[setting] ?? setting.rawValue
    }

    /// The names of a caller in code, which sets these as parameters and options.
    package static let library = SettingNames([:])

    private static let libraryNames: [Setting: String] = [
        .specs: "the specs path",
        .baseURL: "the base URL",
        .timeout: "the timeout",
        .retries: "retries",
        .concurrency: "the concurrency",
        .maxBodyBytes: "the body size limit",
        .caFile: "the CA file",
        .diffValues: "values: true",
    ]

    /// The names for the current task and the tasks it starts.
    @TaskLocal package static var current = SettingNames.library
}
