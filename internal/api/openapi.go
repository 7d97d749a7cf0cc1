package api

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/predict-dev/predict"
)

// LoadOpenAPI parses and validates the embedded API document.
func LoadOpenAPI(ctx context.Context) (*openapi3.T, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(predict.OpenAPIYAML)
	if err != nil {
		return nil, fmt.Errorf("load openapi.yaml: %w", err)
	}
	if err := doc.Validate(ctx); err != nil {
		return nil, fmt.Errorf("validate openapi.yaml: %w", err)
	}
	return doc, nil
}

// OpenAPIJSON returns the API document as JSON, for /api/v1/openapi.json.
func OpenAPIJSON(ctx context.Context) ([]byte, error) {
	doc, err := LoadOpenAPI(ctx)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("encode openapi document: %w", err)
	}
	return b, nil
}
