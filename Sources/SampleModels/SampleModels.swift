/// Codable models of the sample suite, written the way client developers write them.
public enum SampleModels {}
