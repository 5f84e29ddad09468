import Testing

@testable import ContractKit

@Suite struct YAMLLoaderAliasTests {
    private func outline(_ text: String) throws -> String? {
        try YAMLLoader.load(text, path: YAMLTestSupport.path)?.outline
    }

    /// An anchored collection starts at its anchor; its copy starts at the alias and keeps the original children.
    @Test func aliasCopiesTheAnchoredNodeAtTheAliasLocation() throws {
        let text = """
            base: &base
              page: 1
              tags: [a]
            copy: *base
            name: &n users
            again: *n
            """
        #expect(
            try outline(text) == """
                1:1 block mapping
                  1:1 plain "base"
                    1:7 block mapping
                      2:3 plain "page"
                        2:9 plain "1"
                      3:3 plain "tags"
                        3:9 flow sequence
                          3:10 plain "a"
                  4:1 plain "copy"
                    4:7 block mapping
                      2:3 plain "page"
                        2:9 plain "1"
                      3:3 plain "tags"
                        3:9 flow sequence
                          3:10 plain "a"
                  5:1 plain "name"
                    5:7 plain "users"
                  6:1 plain "again"
                    6:8 plain "users"
                """)
    }

    @Test func laterAnchorWithTheSameNameWins() throws {
        let root = try #require(try YAMLLoader.load("- &x one\n- *x\n- &x two\n- *x\n", path: "t.yaml"))
        #expect(root.items?.map(\.scalarValue) == ["one", "one", "two", "two"])
    }

    @Test func mergeKeyAddsKeysTheMappingDoesNotDefine() throws {
        let text = """
            defaults: &defaults
              method: GET
              timeout: 5
            users:
              timeout: 30
              <<: *defaults
              path: /users
            """
        #expect(
            try outline(text) == """
                1:1 block mapping
                  1:1 plain "defaults"
                    1:11 block mapping
                      2:3 plain "method"
                        2:11 plain "GET"
                      3:3 plain "timeout"
                        3:12 plain "5"
                  4:1 plain "users"
                    5:3 block mapping
                      5:3 plain "timeout"
                        5:12 plain "30"
                      2:3 plain "method"
                        2:11 plain "GET"
                      7:3 plain "path"
                        7:9 plain "/users"
                """)
    }

    @Test func explicitKeysOverrideMergedOnesWhereverTheyAre() throws {
        let root = try #require(try YAMLLoader.load("b: &b {x: 1, y: 2}\nm:\n  <<: *b\n  y: 3\n", path: "t.yaml"))
        let merged = try #require(root.pairs?[1].value.pairs)
        #expect(merged.map { "\($0.key.scalarValue!)=\($0.value.scalarValue!)" } == ["x=1", "y=3"])
    }

    @Test func earlierMergedMappingsWinOverLaterOnes() throws {
        let text = """
            a: &a {x: a, y: a}
            b: &b {y: b, z: b}
            m:
              <<: [*a, *b]
              z: own
            """
        let root = try #require(try YAMLLoader.load(text, path: "t.yaml"))
        let merged = try #require(root.pairs?[2].value.pairs)
        #expect(merged.map { "\($0.key.scalarValue!)=\($0.value.scalarValue!)" } == ["x=a", "y=a", "z=own"])
    }

    /// Each merge stands where its `<<` was written, among the pairs written around it: the pairs are kept apart from
    /// the merges while the mapping is read, and spliced back in order.
    @Test func mergesAreSplicedInWhereTheyWereWritten() throws {
        let text = """
            a: &a {x: a, w: a}
            b: &b {z: b}
            m:
              first: 1
              <<: *a
              second: 2
              third: 3
              x: own
            n:
              <<: *b
              only: 1
            """
        let root = try #require(try YAMLLoader.load(text, path: "t.yaml"))
        let merged = try #require(root.pairs?[2].value.pairs)
        #expect(
            merged.map { "\($0.key.scalarValue!)=\($0.value.scalarValue!)" }
                == ["first=1", "w=a", "second=2", "third=3", "x=own"])
        #expect(root.pairs?[3].value.pairs?.map { $0.key.scalarValue } == ["z", "only"])
    }

    @Test func aSecondMergeKeyInOneMappingIsADuplicate() {
        let error = YAMLTestSupport.loadingError("a: &a {x: 1}\nb: &b {y: 1}\nm:\n  <<: *a\n  k: 1\n  <<: *b\n")
        #expect(
            YAMLTestSupport.firstLine(of: error)
                == "Specs/x.yaml:6:3: error: duplicate key '<<' in mapping; first defined at 4:3")
    }

    @Test func aDuplicateKeyPastTheKeysReadOneByOneIsFoundWithMerges() {
        // Twelve entries (a merge among them) switch the duplicate check from a scan to a table.
        let keys = (1...11).map { "  k\($0): 1\n" }.joined()
        let error = YAMLTestSupport.loadingError("a: &a {x: 1}\nm:\n  <<: *a\n\(keys)  <<: *a\n  k3: 2\n")
        #expect(
            YAMLTestSupport.firstLine(of: error)
                == "Specs/x.yaml:15:3: error: duplicate key '<<' in mapping; first defined at 3:3")
    }

    @Test func inlineMappingCanBeMerged() throws {
        let root = try #require(try YAMLLoader.load("m: {<<: {a: 1}, b: 2}\n", path: "t.yaml"))
        #expect(root.pairs?[0].value.pairs?.map { $0.key.scalarValue } == ["a", "b"])
        #expect(root.pairs?[0].value.isFlow == true)
    }

    @Test func quotedLessThanLessThanIsAnOrdinaryKey() throws {
        let root = try #require(try YAMLLoader.load("'<<': {a: 1}\n", path: "t.yaml"))
        #expect(root.pairs?.map { $0.key.scalarValue } == ["<<"])
    }

    @Test func mergeOfAScalarIsAnError() {
        let error = YAMLTestSupport.loadingError("base: &b text\nm:\n  <<: *b\n")
        #expect(error?.code == .yamlSyntax)
        #expect(
            error?.description == """
                Specs/x.yaml:3:7: error: merge key '<<' needs a mapping or a list of mappings, found the text "text"
                3 |   <<: *b
                  |       ^
                  hint: write '<<: *name' where '&name' marks a mapping, or '<<: [*first, *second]'
                """)
    }

    @Test func mergeListItemThatIsNotAMappingIsAnError() {
        let error = YAMLTestSupport.loadingError("a: &a {x: 1}\nm:\n  <<: [*a, [1]]\n")
        #expect(
            YAMLTestSupport.firstLine(of: error)
                == "Specs/x.yaml:3:12: error: merge key '<<' needs a mapping or a list of mappings, found a list")
    }

    @Test func unknownAliasIsAnErrorAtTheAlias() {
        let error = YAMLTestSupport.loadingError("defaults: &defaults {a: 1}\nusers:\n  <<: *default\n")
        #expect(error?.code == .yamlSyntax)
        #expect(error?.location == SourceLocation(file: "Specs/x.yaml", line: 3, column: 7))
        #expect(
            error?.description == """
                Specs/x.yaml:3:7: error: unknown alias '*default'; no anchor '&default' comes before it
                3 |   <<: *default
                  |       ^
                  hint: mark the node to reuse with '&default' above this line, or put the value in quotes if it is text
                """)
    }

    @Test func aliasInsideItsOwnAnchorIsUnknown() {
        let error = YAMLTestSupport.loadingError("a: &a [1, *a]\n")
        #expect(
            YAMLTestSupport.firstLine(of: error)
                == "Specs/x.yaml:1:11: error: unknown alias '*a'; no anchor '&a' comes before it")
    }

    @Test func aliasExpansionBombIsCapped() {
        // Each level repeats the one before nine times: fully expanded this is 9^9 scalars.
        let text = """
            a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]
            b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
            c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
            d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
            e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
            f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
            g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
            h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
            i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
            """
        let error = YAMLTestSupport.loadingError(text)
        // Anchored sizes grow 10, 91, 820, 7381, 66430, 597871; with all of a to f counted, the first *f
        // passes 1,000,000.
        #expect(
            error?.description == """
                Specs/x.yaml:7:8: error: the document grows past 1,000,000 nodes once aliases are expanded
                7 | g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
                  |        ^
                  hint: aliases that repeat other aliases grow exponentially ('billion laughs'); reuse fewer levels of aliases
                """)
    }

    @Test func composerLimitIsConfigurable() throws {
        var composer = YAMLComposer(limits: .init(maximumNodeCount: 3, maximumDepth: 10))
        let at = SourceLocation(file: "t.yaml", line: 1, column: 1)
        try composer.consume(.streamStart)
        try composer.consume(.documentStart(at: at))
        try composer.consume(.sequenceStart(anchor: nil, isFlow: true, at: at))
        try composer.consume(.scalar(YAMLNode.Scalar(value: "x"), anchor: "x", at: at))
        try composer.consume(.alias(anchor: "x", at: at))
        #expect(throws: ContractError.self) {
            try composer.consume(.alias(anchor: "x", at: at.advanced(byColumns: 4)))
        }
    }
}
