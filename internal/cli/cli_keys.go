package cli

import (
	"fmt"
	"strings"
	"time"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/wire"
)

// runKeys lists, creates or revokes the profile user's API keys.
func runKeys(x *cli, args []string) error {
	f := x.flags("keys", "[create NAME | revoke ID]")
	scope := f.String("scope", "read", "create: the key's scopes, comma separated (read, trade, admin)")
	expires := f.Duration("expires", 0, "create: the key's lifetime, e.g. 720h (default: until revoked)")
	pos, c, err := x.parseClient(f, args, 0, 2, true)
	if err != nil {
		return err
	}
	switch {
	case len(pos) == 0:
		keys, err := c.APIKeys(x.ctx)
		if err != nil {
			return err
		}
		if x.jsonOut {
			return x.printJSON(keys)
		}
		if len(keys) == 0 {
			fmt.Fprintln(x.stdout, "no API keys; predict keys create NAME makes one")
		}
		for _, k := range keys {
			used := "never used"
			if k.LastUsedAt != nil {
				used = "used " + when(k.LastUsedAt.Time)
			}
			until := "no expiry"
			if k.ExpiresAt != nil {
				until = "expires " + when(k.ExpiresAt.Time)
			}
			fmt.Fprintf(x.stdout, "%s  %-20s %-12s %s, %s\n", k.ID, k.Name, strings.Join(k.Scopes, ","), until, used)
		}
		return nil
	case pos[0] == "create" && len(pos) == 2:
		req := client.CreateAPIKeyRequest{Name: pos[1], Scopes: strings.Split(*scope, ",")}
		if *expires < 0 {
			return Usagef("keys: --expires must be positive")
		} else if *expires > 0 {
			t := wire.NewTime(time.Now().Add(*expires))
			req.ExpiresAt = &t
		}
		k, err := c.CreateAPIKey(x.ctx, req)
		if err != nil {
			return err
		}
		if x.jsonOut {
			return x.printJSON(k)
		}
		fmt.Fprintf(x.stdout, "%s\n", k.Key)
		fmt.Fprintf(x.stderr, "API key %s (%s): shown once, keep it secret; use it as PREDICT_TOKEN\n", k.ID, strings.Join(k.Scopes, ","))
		return nil
	case pos[0] == "revoke" && len(pos) == 2:
		if err := c.RevokeAPIKey(x.ctx, pos[1]); err != nil {
			return err
		}
		fmt.Fprintf(x.stdout, "revoked API key %s\n", pos[1])
		return nil
	}
	return Usagef("keys: want no argument (list), create NAME, or revoke ID")
}
