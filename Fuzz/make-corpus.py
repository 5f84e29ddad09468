#!/usr/bin/env python3
"""Writes the seed corpora in Fuzz/Corpus/<target>/ from real material in the repository.

Run from anywhere: python3 Fuzz/make-corpus.py. It replaces the folders it writes. The seeds are the repository's
recordings, specs, golden JSON report and a sample of JSONTestSuite, plus small variations of them (a field renamed,
an id turned into a string, one endpoint of a report) so that each target starts from inputs that get deep.
"""
import json
import os
import re
import shutil

FUZZ = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(FUZZ)
CORPUS = os.path.join(FUZZ, "Corpus")


def read(path):
    with open(os.path.join(ROOT, path), "rb") as f:
        return f.read()


def recordings():
    found = []
    for group in sorted(os.listdir(os.path.join(ROOT, "Recordings"))):
        for name in sorted(os.listdir(os.path.join(ROOT, "Recordings", group))):
            if name.endswith(".json"):
                found.append((f"{group}-{name[:-5]}", read(f"Recordings/{group}/{name}")))
    return found


def json_test_suite(prefix, count):
    folder = os.path.join(ROOT, "Tests/Fixtures/JSONTestSuite/test_parsing")
    names = sorted(n for n in os.listdir(folder) if n.startswith(prefix))
    step = max(1, len(names) // count)
    return [(n[:-5], read(f"Tests/Fixtures/JSONTestSuite/test_parsing/{n}")) for n in names[::step][:count]]


def write(target, seeds):
    folder = os.path.join(CORPUS, target)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for name, data in seeds:
        safe = re.sub(r"[^A-Za-z0-9._+-]", "_", name)
        with open(os.path.join(folder, safe), "wb") as f:
            f.write(data)


def variations(recording):
    """A recording's other bodies and fields, made from the recording itself."""
    value = json.loads(recording)
    out = []
    text = dict(value)
    text["response"] = dict(value["response"])
    del text["response"]["body"]
    text["response"]["bodyText"] = "<html>maintenance</html>"
    out.append(("body-text", text))
    binary = dict(text)
    binary["response"] = dict(text["response"])
    del binary["response"]["bodyText"]
    binary["response"]["bodyBase64"] = "iVBORw0KGgo="
    out.append(("body-base64", binary))
    moved = dict(value)
    moved["response"] = dict(value["response"])
    moved["response"]["url"] = value["request"]["url"].replace("staging", "www")
    moved["response"]["redirects"] = [{"status": 301, "url": moved["response"]["url"]}]
    moved["response"]["durationMs"] = 41.6
    moved["response"]["headers"] = dict(value["response"]["headers"], **{"Set-Cookie": ["a=1", "b=2"]})
    out.append(("redirects-cookies", moved))
    posted = dict(value)
    posted["request"] = dict(value["request"], method="POST", body={"name": "Ada", "tags": []})
    out.append(("request-body", posted))
    return [(name, (json.dumps(v, indent=2, ensure_ascii=False) + "\n").encode()) for name, v in out]


def drifted(name, data):
    """The drift the README describes, on the recordings it names."""
    if name == "directory-list-users":
        return data.replace(b'"id": 1,', b'"id": "1",', 1)
    if name == "notices-list-notices":
        return data.replace(b"created_at", b"createdAt")
    return None


def pair(old, new):
    """Two recordings as one diff input: equal halves, the shorter padded with spaces (JSON allows them)."""
    size = max(len(old), len(new))
    return old.ljust(size, b" ") + new.ljust(size, b" ")


def main():
    recs = recordings()
    report = read("Tests/Fixtures/Golden/reports/drifted-suite.json")

    write("json-parse", json_test_suite("y_", 14) + json_test_suite("n_", 14) + json_test_suite("i_", 8)
          + recs + [("drifted-suite-report", report)])
    write("json-roundtrip", json_test_suite("y_", 20) + json_test_suite("i_", 8) + recs
          + [("drifted-suite-report", report)])

    seeds = list(recs)
    for name, data in recs[:2]:
        seeds += [(f"{name}-{v}", d) for v, d in variations(data)]
    write("recording", seeds)

    by_name = dict(recs)
    pairs = [(f"{n}-same", pair(d, d)) for n, d in recs]
    pairs += [(f"{n}-drifted", pair(d, drifted(n, d))) for n, d in recs if drifted(n, d)]
    pairs += [("accounts-locked", pair(by_name["accounts-get-account"], by_name["accounts-get-locked-account"])),
              ("users-vs-directory", pair(by_name["users-list-users"], by_name["directory-list-users"]))]
    for v, d in variations(by_name["users-get-user"]):
        pairs.append((f"users-get-user-to-{v}", pair(by_name["users-get-user"], d)))
    write("diff", pairs)

    value = json.loads(report)
    reports = [("drifted-suite", report)]
    for index, endpoint in enumerate(value["endpoints"]):
        one = dict(value, endpoints=[endpoint])
        reports.append((f"endpoint-{index}-{endpoint['id']}", (json.dumps(one, indent=2, ensure_ascii=False) + "\n").encode()))
    reports.append(("no-endpoints", (json.dumps(dict(value, endpoints=[])) + "\n").encode()))
    reports.append(("shard", (json.dumps(dict(value, endpoints=value["endpoints"][:1],
                                              shard={"index": 1, "count": 2, "suiteEndpoints": 7})) + "\n").encode()))
    write("report-reader", reports)

    specs = [(f"spec-{n[:-5]}", read(f"Specs/{n}")) for n in sorted(os.listdir(os.path.join(ROOT, "Specs")))]
    for doc in ["README.md", "docs/Specs.md"]:
        blocks = re.findall(r"```yaml\n(.*?)```", read(doc).decode(), re.S)
        specs += [(f"{os.path.basename(doc)[:-3]}-{i}", b.encode()) for i, b in enumerate(blocks)]
    shapes = ["String", "[String: User]", 'Date("yyyy-MM-dd")?', "enum(admin, tester, member)",
              r"String(/^-?[0-9]+\.[0-9]+$/)", "[[Int]]?", "Date(millisecondsSince1970)", "API.User?",
              "[String: [Date(iso8601)?]]", "Any"]
    specs += [(f"shape-{i}", s.encode()) for i, s in enumerate(shapes)]
    specs.append(("nested-shape", b"shapes:\n  A: '[[[[[[[[String]]]]]]]]'\n"))
    # Deep type text inside a quoted string: the shape parser recurses once a level.
    specs.append(("nested-shape-deep", b"shapes:\n  A: '" + b"[" * 3000 + b"String" + b"]" * 3000 + b"'\n"))
    transforms = ["- keyedToArray: { key: objectId, into: objects, at: data.users }", "- unwrap: data.items",
                  "- wrap: objects", '- renameKeys: { fn: firstName, "b[].i": betId, b: bets }', "- lossy: notices",
                  '- defaults: { "notices[].body": "" }', "- keyedToArray: id"]
    specs += [(f"transform-{i}", (t + "\n").encode()) for i, t in enumerate(transforms)]
    specs.append(("transforms-all", ("\n".join(transforms) + "\n").encode()))
    write("spec", specs)

    # A first line of `redact:` paths and secrets, then a recording's body as a server would send it (compact).
    headers = ["$[*].email|$..id", "$..name|$.*", "$[0].address.geo.lat|$[*].tags[1]|secret-1234", "$..*|$..id..x",
               "$.data[*].id|tok-3f9a8b7c6d"]
    redaction = []
    for index, (name, data) in enumerate(recs):
        body = json.loads(data)["response"].get("body")
        if isinstance(body, (dict, list)):
            text = json.dumps(body, separators=(",", ":"), ensure_ascii=index % 2 == 0)
            redaction.append((name, (headers[index % len(headers)] + "\n" + text).encode()))
    write("redaction", redaction)


main()
