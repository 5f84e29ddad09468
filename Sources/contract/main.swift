import ContractCLI
import SampleModels

// The sample suite's models; an app team's own runner registers theirs the same way.
await ContractCLI.main(models: SampleModels.all)
