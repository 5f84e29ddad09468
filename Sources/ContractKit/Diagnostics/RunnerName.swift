/// The command that hints quote when they tell the user what to run: `contract record --filter users/list-users`.
///
/// A team's own runner (an executable calling `ContractCLI.main(models:)`, say `app-contract`) is not called
/// `contract`; the command line sets its own name here for the length of a run, and every hint follows.
package enum RunnerName {
    /// The runner's name for the current task and the tasks it starts; `contract` unless a runner sets it.
    @TaskLocal package static var current = "contract"
}
