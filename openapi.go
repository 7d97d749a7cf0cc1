package predict

import _ "embed"

// OpenAPIYAML is the API document (openapi.yaml at the repository root).
// The service serves it as JSON and its tests validate every response
// against it, so it cannot drift from the code.
//
//go:embed openapi.yaml
var OpenAPIYAML []byte
