// Command gen writes the web app's table of kinds (kind.TypeScript) to
// the file named by its argument: `go generate ./kind`.
package main

import (
	"log"
	"os"

	"github.com/predict-dev/predict/kind"
)

func main() {
	if len(os.Args) != 2 {
		log.Fatal("usage: gen FILE")
	}
	ts, err := kind.TypeScript()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(os.Args[1], ts, 0o644); err != nil {
		log.Fatal(err)
	}
}
