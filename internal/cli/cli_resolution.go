package cli

import (
	"flag"
	"fmt"
	"strings"

	"github.com/predict-dev/predict/client"
)

// The verbs of a resolution with a challenge window (docs/contracts.md):
// settle asserts the outcome (or void), dispute contests it within the
// window, finalize ends the market after it, arbitrate decides a
// disputed one.

// outcomeArg reads an OPTION|void argument: the option, or nil for void.
func outcomeArg(m *client.Market, arg string) (*client.MarketOption, error) {
	if strings.EqualFold(strings.TrimSpace(arg), "void") {
		return nil, nil
	}
	return option(m, arg)
}

// optionAddress is the address of an outcome: "" for void.
func optionAddress(o *client.MarketOption) string {
	if o == nil {
		return ""
	}
	return o.OptionAddress
}

// parseOutcome parses the line MARKET OPTION|void of a verb that
// resolves a market (as parseSigner) and reads its outcome (outcomeArg).
func (x *cli) parseOutcome(fs *flag.FlagSet, args []string) (*client.Signer, *client.Market, *client.MarketOption, error) {
	pos, signer, m, err := x.parseSigner(fs, args, 2, 2)
	if err != nil {
		return nil, nil, nil, err
	}
	o, err := outcomeArg(m, pos[1])
	if err != nil {
		return nil, nil, nil, err
	}
	return signer, m, o, nil
}

// noConfirmFlag adds the --no-wait of a verb that reports what it sent
// without waiting for the chain to confirm it.
func noConfirmFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("no-wait", false, "do not wait for the chain to confirm")
}

// resolution reads a market's resolution as the service has it.
func (x *cli) resolution(m *client.Market) (*client.ResolutionStatus, error) {
	c, err := x.client(false)
	if err != nil {
		return nil, err
	}
	return c.GetResolutionStatus(x.ctx, m.MarketAddress)
}

// outcomeName names an outcome for people.
func outcomeName(o *client.MarketOption) string {
	if o == nil {
		return "void"
	}
	return o.Title
}

// resolutionOp waits for a resolution step's operation unless noWait,
// then prints the market's resolution as the service has it.
func (x *cli) resolutionOp(what string, m *client.Market, opHash string, noWait bool) error {
	st, err := x.waitUnless(noWait, what, opHash)
	if err != nil {
		return err
	}
	res, err := x.resolution(m)
	if err != nil {
		return err
	}
	if x.jsonOut {
		return x.printJSON(map[string]any{"opHash": opHash, "operation": st, "resolution": res})
	}
	fmt.Fprintf(x.stdout, "%s %q: %s\n", what, m.Title, describeResolution(res, len(m.Options), st == nil))
	return nil
}

// describeResolution says where a market's resolution is.
func describeResolution(r *client.ResolutionStatus, options int, pending bool) string {
	switch {
	case pending:
		return "sent (the chain has not confirmed yet; predict op OPHASH --wait)"
	case r.Status == client.StatusEnded && r.Void:
		return fmt.Sprintf("ended void: every option token claims 1/%d of a base token", options)
	case r.Status == client.StatusEnded && r.WinningOption != nil:
		return "ended: " + r.WinningOption.Title + " won"
	case r.Status == client.StatusDisputed:
		return "disputed: the arbitrator decides"
	case r.Status == client.StatusSettling && r.Assertion != nil:
		what := r.Assertion.OptionTitle
		if r.Assertion.Void {
			what = "void"
		}
		return fmt.Sprintf("%s asserted; disputable until %s, then anyone can finalize it", what, when(r.Assertion.ChallengeEndsAt.Time))
	}
	return r.Status
}

// runDispute disputes a market's asserted outcome, posting the bond.
func runDispute(x *cli, args []string) error {
	return x.marketStep("dispute", "disputed", args, func(s *client.Signer, m *client.Market) (*client.OpResult, error) {
		return s.DisputeMarket(x.ctx, client.DisputeMarketRequest{MarketAddress: m.MarketAddress})
	})
}

// runFinalize ends a market on its undisputed assertion after the window.
func runFinalize(x *cli, args []string) error {
	return x.marketStep("finalize", "finalized", args, func(s *client.Signer, m *client.Market) (*client.OpResult, error) {
		return s.FinalizeMarket(x.ctx, client.FinalizeMarketRequest{MarketAddress: m.MarketAddress})
	})
}

// marketStep runs a verb whose only argument is the market: it signs and
// sends the operation send builds, then reports the resolution.
func (x *cli) marketStep(verb, done string, args []string, send func(*client.Signer, *client.Market) (*client.OpResult, error)) error {
	f := x.flags(verb, "MARKET")
	noWait := noConfirmFlag(f)
	_, signer, m, err := x.parseSigner(f, args, 1, 1)
	if err != nil {
		return err
	}
	res, err := send(signer, m)
	if err != nil {
		return err
	}
	return x.resolutionOp(done, m, res.OpHash, *noWait)
}

// runArbitrate decides a disputed assertion (the arbitrator).
func runArbitrate(x *cli, args []string) error {
	f := x.flags("arbitrate", "MARKET OPTION|void")
	noWait := noConfirmFlag(f)
	signer, m, o, err := x.parseOutcome(f, args)
	if err != nil {
		return err
	}
	res, err := signer.ArbitrateMarket(x.ctx, client.ArbitrateMarketRequest{MarketAddress: m.MarketAddress, Void: o == nil,
		WinningOptionAddress: optionAddress(o)})
	if err != nil {
		return err
	}
	return x.resolutionOp("arbitrated "+outcomeName(o)+" on", m, res.OpHash, *noWait)
}
