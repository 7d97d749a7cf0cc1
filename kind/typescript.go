package kind

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

//go:generate go run ./gen ../web/src/kinds.gen.ts

// webField is how the web app's intent (what the user asked, which
// web/src/calldata.ts checks a prepared operation against) holds a field
// of an action: its key in the intent, its type there, and whether the
// intent may leave it out. A field the web app does not know (the fee, a
// salt, the bond of a creation, the assert flag, which the market's
// state chooses) has none.
type webField struct {
	key, typ string
	optional bool
}

// webFields are the intent's fields by the catalogue's (Arg.Field, and
// the flags of Call.When). Types: address, index (a number against a
// uint256), bigint, bigints, strings, bool, count (how many amounts),
// flag (true when the call of that When is used).
var webFields = map[string]webField{
	FieldOption:                 {"option", "index", false},
	FieldOutcome:                {"outcome", "bigint", false},
	FieldAmount:                 {"amount", "bigint", false},
	FieldMinOut:                 {"minOut", "bigint", false},
	FieldDeadline:               {"deadline", "bigint", false},
	FieldAmounts:                {"optionCount", "count", true},
	FieldOrderID:                {"orderIds", "bigints", true},
	FieldOrderIDs:               {"orderIds", "bigints", true},
	FieldCreateBaseToken:        {"baseToken", "address", false},
	FieldCreateOptionNames:      {"options", "strings", false},
	FieldCreateEndTime:          {"endTime", "bigint", false},
	FieldCreateInitialLiquidity: {"initialLiquidity", "bigint", false},
	FieldCreateChallengeWindow:  {"challengeWindow", "bigint", true},
	FieldOrderMarket:            {"market", "address", false},
	FieldOrderIsBuy:             {"isBuy", "bool", false},
	FieldOrderLimitPrice:        {"limitPrice", "bigint", false},
	FieldOrderExpiry:            {"expiry", "bigint", false},
	FieldOrderPostOnly:          {"postOnly", "bool", false},
	FlagMany:                    {"many", "flag", true},
}

// targets are the intent's key of a call's target, by contract.
var targets = map[string]string{Market: "market", Factory: "factory", LimitOrders: "escrow"}

// tsTypes are the TypeScript types of the intent's field types.
var tsTypes = map[string]string{"address": "Hex", "index": "number", "bigint": "bigint", "bigints": "bigint[]", "strings": "string[]",
	"bool": "boolean", "count": "number", "flag": "boolean"}

// The web app's table, as generated.
type (
	tsArg struct {
		Field  string `json:"field"`
		Key    string `json:"key"`
		Type   string `json:"type"`
		Any    bool   `json:"any"`
		Chosen bool   `json:"chosen"`
	}
	tsCall struct {
		Contract  string  `json:"contract"`
		Method    string  `json:"method"`
		Signature string  `json:"signature"`
		Args      []tsArg `json:"args"`
		When      string  `json:"when"`
		WhenKey   string  `json:"whenKey"`
		WhenType  string  `json:"whenType"`
	}
	tsKind struct {
		Name      string   `json:"name"`
		Path      string   `json:"path"`
		Of        string   `json:"of"`
		When      string   `json:"when"`
		Target    string   `json:"target"`
		Approves  string   `json:"approves"`
		Batchable bool     `json:"batchable"`
		Fields    []string `json:"fields"`
		Calls     []tsCall `json:"calls"`
	}
)

// TypeScript is the web app's table of kinds (web/src/kinds.gen.ts): each
// kind's endpoint, request fields and the calls its callData may make,
// with the intent's key of each argument, which web/src/calldata.ts
// checks a prepared operation against; the endpoints; and the type of
// the intent of each kind with an endpoint. TestTypeScript fails when the
// committed file is not this.
func TypeScript() ([]byte, error) {
	var out []tsKind
	var paths []string
	for _, k := range All {
		e := tsKind{Name: k.Name, Path: k.Path, Of: k.Of, When: k.When, Approves: k.Approves, Batchable: k.Batchable, Fields: k.Fields, Calls: []tsCall{}}
		if e.Fields == nil {
			e.Fields = []string{}
		}
		if len(k.Calls) > 0 {
			e.Target = targets[k.Calls[0].Contract]
		}
		outcome := carries(k, FieldOutcome)
		for _, c := range k.Calls {
			tc := tsCall{Contract: c.Contract, Method: c.Method, Signature: c.Signature, Args: []tsArg{}, When: c.When}
			if w, ok := webFields[c.When]; ok {
				tc.WhenKey, tc.WhenType = w.key, w.typ
				if w.typ != "flag" {
					tc.WhenType = "value"
				}
			}
			for _, a := range c.Args {
				w := webFields[a.Field]
				if a.Field == FieldOption && outcome {
					// One field of the action (its Option): an outcome
					// where any of the kind's calls may be VOID.
					w = webFields[FieldOutcome]
				}
				if a.Chosen || (a.Any && w.typ != "count") {
					w = webField{}
				}
				tc.Args = append(tc.Args, tsArg{Field: a.Field, Key: w.key, Type: w.typ, Any: a.Any, Chosen: a.Chosen})
			}
			e.Calls = append(e.Calls, tc)
		}
		out = append(out, e)
		if k.Path != "" && !slices.Contains(paths, k.Path) {
			paths = append(paths, k.Path)
		}
	}
	raw, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return nil, err
	}
	rawPaths, err := json.MarshalIndent(paths, "", "  ")
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(`// Code generated by go generate ./kind from the catalogue of kinds (kind/kind.go); DO NOT EDIT.

import type { Hex } from 'viem';

/**
 * An argument of a call: the field of the action it carries, and the intent's key and type of that field
 * ('' when the intent has none); any: any value above zero is accepted; chosen: the sender's choice.
 */
export type KindArg = { field: string; key: string; type: string; any: boolean; chosen: boolean };

/**
 * A contract call a kind's callData may end with. when names what chooses it among the kind's calls; whenKey is
 * that in the intent ('' when the intent has none): a flag, or a value the other calls carry as 0.
 */
export type KindCall = {
  contract: 'market' | 'factory' | 'limitOrders'; method: string; signature: string; args: KindArg[];
  when: string; whenKey: string; whenType: '' | 'flag' | 'value';
};

/**
 * An operation kind: its endpoint ('' for another kind's form on chain, named by of, which the intent's flag when
 * asks for), the intent's key of its target, what its approvals may be ('' any, 'nothing', 'bond' or 'amount'),
 * whether a batch may hold it, its request fields, its calls.
 */
export type Kind = {
  name: string; path: string; of: string; when: string; target: string; approves: string; batchable: boolean;
  fields: string[]; calls: KindCall[];
};

export const kinds: Kind[] = `)
	b.Write(raw)
	b.WriteString(";\n\n/** The endpoints of the kinds, each once. */\nexport const kindPaths: string[] = ")
	b.Write(rawPaths)
	b.WriteString(";\n\n/** What the user asked for, in the terms the callData must match: one type a kind with an endpoint. */\nexport type Intent =\n")
	for _, k := range All {
		if k.Endpoint() {
			fmt.Fprintf(&b, "  | { %s }\n", intentOf(k))
		}
	}
	b.WriteString(";\n")
	return b.Bytes(), nil
}

// carries reports whether any call of k or of its forms carries field.
func carries(k *Kind, field string) bool {
	for _, c := range callsWithForms(k) {
		for _, a := range c.Args {
			if a.Field == field {
				return true
			}
		}
	}
	return false
}

// callsWithForms are k's calls, then its forms'.
func callsWithForms(k *Kind) []Call {
	calls := slices.Clone(k.Calls)
	for _, f := range All {
		if f.Of == k.Name {
			calls = append(calls, f.Calls...)
		}
	}
	return calls
}

// intentOf is the members of k's intent type.
func intentOf(k *Kind) string {
	members := []string{"kind: '" + k.Name + "'", targets[k.Calls[0].Contract] + ": Hex"}
	seen := map[string]bool{}
	add := func(key, typ string, optional bool) {
		if key == "" || seen[key] {
			return
		}
		seen[key] = true
		opt := ""
		if optional {
			opt = "?"
		}
		members = append(members, key+opt+": "+tsTypes[typ])
	}
	outcome := carries(k, FieldOutcome)
	for _, c := range callsWithForms(k) {
		for _, a := range c.Args {
			w := webFields[a.Field]
			if a.Field == FieldOption && outcome {
				w = webFields[FieldOutcome]
			}
			if a.Chosen || (a.Any && w.typ != "count") {
				continue
			}
			add(w.key, w.typ, w.optional || (c.When != "" && c.When == a.Field))
		}
		if w, ok := webFields[c.When]; ok && w.typ == "flag" {
			add(w.key, w.typ, true)
		}
	}
	if k.Approves == ApprovesBond {
		add("bond", "bigint", true)
	}
	for _, f := range All {
		if f.Of == k.Name && f.When != "" {
			add(f.When, "flag", true)
		}
	}
	return strings.Join(members, "; ")
}
