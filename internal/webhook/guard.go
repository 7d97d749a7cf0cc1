package webhook

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/predict-dev/predict"
)

// MaxURL bounds an endpoint's URL, in bytes.
const MaxURL = 2000

// Guard keeps deliveries away from where a stranger must not send the
// service: its own host and private, loopback and link-local ranges (the
// cloud metadata service among them). The check is made on the URL when
// an endpoint is registered, and again on the address each connection
// dials, so a name that resolves elsewhere later (DNS rebinding) is
// refused too.
type Guard struct {
	// AllowPrivate lets endpoints be plain http:// and reach the
	// service's own host and private and loopback addresses: for
	// development and tests on one machine (PREDICT_WEBHOOK_ALLOW_PRIVATE).
	AllowPrivate bool
	// OwnHosts are the service's own host names (the API adds the Host
	// a request came to).
	OwnHosts []string
}

// CheckURL parses an endpoint's URL and refuses one the guard does not
// allow (EINVALID, naming why).
func (g Guard) CheckURL(raw string) (*url.URL, error) {
	bad := func(format string, args ...any) error {
		return predict.Errorf(predict.EINVALID, "url: "+format, args...)
	}
	if len(raw) > MaxURL {
		return nil, bad("longer than %d bytes", MaxURL)
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return nil, bad("not an absolute URL")
	}
	switch {
	case u.Scheme == "https":
	case u.Scheme == "http" && g.AllowPrivate:
	default:
		return nil, bad("must be https")
	}
	if u.User != nil {
		return nil, bad("must not carry a user or password")
	}
	if u.Fragment != "" {
		return nil, bad("must not have a fragment")
	}
	if g.AllowPrivate {
		return u, nil
	}
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	for _, own := range g.OwnHosts {
		if own != "" && host == strings.ToLower(strings.TrimSuffix(own, ".")) {
			return nil, bad("points at this service")
		}
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") || strings.HasSuffix(host, ".internal") ||
		strings.HasSuffix(host, ".local") {
		return nil, bad("%s is a local name", host)
	}
	if ip, err := netip.ParseAddr(host); err == nil && blocked(ip) {
		return nil, bad("%s is a private, loopback or reserved address", ip)
	}
	return u, nil
}

// blocked reports whether a delivery must not reach ip.
func blocked(ip netip.Addr) bool {
	ip = ip.Unmap()
	if ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsUnspecified() || ip.IsMulticast() || ip.IsInterfaceLocalMulticast() {
		return true
	}
	for _, p := range reserved {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// reserved are ranges beyond the standard library's predicates: "this
// network", shared address space (carrier NAT), benchmarking, and the
// IPv6 translation and documentation prefixes.
var reserved = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"),
	netip.MustParsePrefix("2001:db8::/32"),
}

// dialer dials only addresses the guard allows.
func (g Guard) dialer(timeout time.Duration) *net.Dialer {
	d := &net.Dialer{Timeout: timeout}
	if g.AllowPrivate {
		return d
	}
	d.Control = func(network, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil {
			return fmt.Errorf("webhook: dial %s: %w", address, err)
		}
		if blocked(ap.Addr()) {
			return fmt.Errorf("webhook: refused to connect to %s, a private, loopback or reserved address", ap.Addr())
		}
		return nil
	}
	return d
}

// DialContext is the guard's dial function, for an http.Transport.
func (g Guard) DialContext(timeout time.Duration) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return g.dialer(timeout).DialContext
}
