import ContractCLI

await ContractCLI.main()
