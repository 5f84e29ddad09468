extension ContractError.Code {
    /// The base URL given for recording is not an absolute http or https URL.
    package static let invalidBaseURL = ContractError.Code(rawValue: "invalid-base-url")
}
