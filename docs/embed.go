package docs

import _ "embed" // the recorded frontier table

// FrontierJSON is the frontier table of docs/findings.md ("The frontier"),
// as "nimlab frontier --json" wrote it: the lab's Frontier page shows it.
//
//go:embed frontier.json
var FrontierJSON []byte
