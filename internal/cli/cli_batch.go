package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/predict-dev/predict/client"
)

// runBatch performs several actions in one operation, all or nothing:
// FILE (or stdin for -) holds a JSON list of actions, each the body of
// its kind's endpoint with its action, e.g. the cancels of a bot's old
// quotes and the placements of its new ones (docs/transactions.md; its
// usage shows the format, verbDetails). The orders it places are named
// by their numbers, as predict orders lists them.
func runBatch(x *cli, args []string) error {
	f := x.flags("batch", "FILE|-")
	noWait := f.Bool("no-wait", false, "print the operation hash and exit, without waiting for the chain (predict op HASH --wait)")
	pos, err := x.parse(f, args, 1, 1)
	if err != nil {
		return err
	}
	var raw []byte
	if pos[0] == "-" {
		raw, err = io.ReadAll(io.LimitReader(x.stdin, 64<<10))
	} else {
		raw, err = os.ReadFile(pos[0])
	}
	if err != nil {
		return fmt.Errorf("batch: read the actions: %w", err)
	}
	actions, err := parseBatch(raw)
	if err != nil {
		return err
	}
	signer, err := x.signer()
	if err != nil {
		return err
	}
	res, err := signer.Batch(x.ctx, actions...)
	if err != nil {
		return err
	}
	st, waited, err := x.await("batch", res.OpHash, *noWait)
	if !waited {
		return err
	}
	if x.jsonOut {
		return x.printJSON(map[string]any{"opHash": res.OpHash, "actions": res.Actions, "operation": st})
	}
	fmt.Fprintf(x.stdout, "batch of %d actions %s (operation %s)\n", len(res.Actions), st.Status, res.OpHash)
	for i, a := range res.Actions {
		line := fmt.Sprintf("  %d. %s on %s", i+1, a.Action, a.MarketAddress)
		if a.OrderUUID != "" {
			line += " (" + orderName(x.orderID(a.OrderUUID), a.OrderUUID) + ")"
		}
		fmt.Fprintln(x.stdout, line)
	}
	return nil
}

// parseBatch reads a batch's actions: a JSON list, or an object whose
// "actions" is the list (prepare-batch's body).
func parseBatch(raw []byte) ([]client.TxRequest, error) {
	var list []json.RawMessage
	if t := bytes.TrimSpace(raw); len(t) > 0 && t[0] == '{' {
		var body struct {
			Actions []json.RawMessage `json:"actions"`
		}
		if err := json.Unmarshal(t, &body); err != nil {
			return nil, Usagef("batch: the file is not a JSON list of actions: %v", err)
		}
		list = body.Actions
	} else if err := json.Unmarshal(t, &list); err != nil {
		return nil, Usagef("batch: the file is not a JSON list of actions: %v", err)
	}
	if len(list) == 0 || len(list) > client.MaxBatchActions {
		return nil, Usagef("batch: give 1 to %d actions, not %d", client.MaxBatchActions, len(list))
	}
	out := make([]client.TxRequest, len(list))
	for i, a := range list {
		req, err := client.ActionOf(a)
		if err != nil {
			return nil, Usagef("batch: actions[%d]: %v", i, err)
		}
		out[i] = req
	}
	return out, nil
}
