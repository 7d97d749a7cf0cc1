package webhook

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/predict-dev/predict"
)

// MaxURL bounds an endpoint's URL, in bytes.
const MaxURL = 2000

// Guard keeps deliveries away from where a stranger must not send the
// service: its own host, local names and private, loopback and
// link-local ranges (the cloud metadata service among them). The check is
// made on the URL when an endpoint is registered, and again on the host
// and on the address of each connection dialled, so an endpoint stored
// before a rule existed, or a name that resolves elsewhere later (DNS
// rebinding), is refused too.
//
// A host is read as browsers and curl read it (parseHost): 2130706433,
// 0x7f.1 and 127.1 are all 127.0.0.1, and a host that ends in a number is
// an address or nothing, never a name to look up.
type Guard struct {
	// AllowPrivate lets endpoints be plain http:// and reach the
	// service's own host, local names and private and loopback
	// addresses: for development and tests on one machine
	// (PREDICT_WEBHOOK_ALLOW_PRIVATE).
	AllowPrivate bool
	// OwnHosts are the service's own host names (the API adds the Host
	// a request came to).
	OwnHosts []string
	// HostsFile is the hosts file whose names are refused as local ones:
	// the resolver answers them from the file, whatever DNS says. Empty
	// means /etc/hosts.
	HostsFile string

	// resolver looks up the names the guard lets through (nil: the
	// default); tests count the lookups that reach DNS with it.
	resolver *net.Resolver
}

// CheckURL parses an endpoint's URL and refuses one the guard does not
// allow (EINVALID, naming why). The URL it returns has an address host
// in its usual spelling (https://0x7f.1/ would be https://127.0.0.1/),
// the one a browser would send it to.
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
	addr, r := g.checkHost(u.Hostname())
	if r != nil {
		return nil, bad("%s %s", r.host, r.why)
	}
	if addr.IsValid() {
		host := addr.String()
		if port := u.Port(); port != "" {
			host = net.JoinHostPort(host, port)
		} else if addr.Is6() {
			host = "[" + host + "]"
		}
		u.Host = host
	}
	return u, nil
}

// refusal is why the guard refuses a host: the host, as an address in
// its usual spelling when it is one, and what it is.
type refusal struct{ host, why string }

const whyBlocked = "is a private, loopback or reserved address"

// checkHost refuses a host a delivery must not reach: the service's own,
// a local name, an address in a blocked range, or no valid host at all.
// When the host is an address in any spelling, it returns the address.
func (g Guard) checkHost(host string) (netip.Addr, *refusal) {
	name, addr, err := parseHost(host)
	if err != nil {
		return netip.Addr{}, &refusal{host, "is not a valid host: " + err.Error()}
	}
	shown := name
	if addr.IsValid() {
		shown = addr.String()
	}
	for _, own := range g.OwnHosts {
		ownName, ownAddr, err := parseHost(own)
		if err == nil && own != "" && ((addr.IsValid() && ownAddr == addr) || (name != "" && ownName == name)) {
			return netip.Addr{}, &refusal{shown, "points at this service"}
		}
	}
	if addr.IsValid() {
		if blocked(addr) {
			return netip.Addr{}, &refusal{shown, whyBlocked}
		}
		return addr, nil
	}
	if localName(name) || g.inHostsFile(name) {
		return netip.Addr{}, &refusal{shown, "is a local name"}
	}
	return netip.Addr{}, nil
}

// localName reports whether name (lower case, without a final dot) is
// one that only this machine or its network answers: one label, which
// the resolver completes with the search domains of resolv.conf,
// localhost and the reserved local domains.
func localName(name string) bool {
	if !strings.Contains(name, ".") {
		return true
	}
	for _, domain := range []string{"localhost", "localdomain", "local", "internal", "home.arpa"} {
		if name == domain || strings.HasSuffix(name, "."+domain) {
			return true
		}
	}
	return false
}

// maxHostsFile bounds how much of the hosts file is read.
const maxHostsFile = 1 << 20

// inHostsFile reports whether the hosts file names name. It is read at
// each check, as registrations and new connections are rare next to
// what it costs, so an edit of the file counts at once; a file that
// cannot be read names nothing, as the resolver then reads it.
func (g Guard) inHostsFile(name string) bool {
	path := g.HostsFile
	if path == "" {
		path = "/etc/hosts"
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, maxHostsFile))
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(line)
		for i := 1; i < len(fields); i++ {
			if strings.TrimSuffix(strings.ToLower(fields[i]), ".") == name {
				return true
			}
		}
	}
	return false
}

// parseHost reads a URL's host (as url.URL.Hostname gives it: an IPv6
// address without its brackets) the way browsers and curl do, by the host
// parser of the WHATWG URL standard (https://url.spec.whatwg.org/#host-parsing)
// restricted to ASCII. It returns either an address or a name, in lower
// case and without a final dot.
//
// A host with a colon is an IPv6 address. A host whose last label is a
// number (digits, or 0x and hex digits) is an IPv4 address in one of the
// standard's spellings or no host at all: one to four parts, each
// decimal, 0x-hexadecimal or 0-octal, the last filling the bytes the
// others leave, so 127.1, 0x7f000001, 2130706433 and 0177.0.0.1 are all
// 127.0.0.1. Anything else is a name of letters, digits, hyphens and
// underscores in dot-separated labels. An international name must come
// in its xn-- form: the standard's mapping of the others (fullwidth
// digits among them) is not done here, so they are refused.
func parseHost(host string) (name string, addr netip.Addr, err error) {
	for i := 0; i < len(host); i++ {
		if host[i] >= utf8.RuneSelf {
			return "", netip.Addr{}, errors.New("not ASCII: write an international name in its xn-- form")
		}
	}
	if host == "" {
		return "", netip.Addr{}, errors.New("empty")
	}
	if strings.Contains(host, ":") {
		addr, err := netip.ParseAddr(host)
		if err != nil || !addr.Is6() {
			return "", netip.Addr{}, errors.New("not an IPv6 address")
		}
		if addr.Zone() != "" {
			return "", netip.Addr{}, errors.New("an address with a zone")
		}
		return "", addr, nil
	}
	host = strings.ToLower(host)
	if endsInNumber(host) {
		addr, ok := parseIPv4(host)
		if !ok {
			return "", netip.Addr{}, errors.New("it ends in a number but is not an IPv4 address")
		}
		return "", addr, nil
	}
	name = strings.TrimSuffix(host, ".")
	for label := range strings.SplitSeq(name, ".") {
		if label == "" {
			return "", netip.Addr{}, errors.New("an empty label")
		}
		for i := 0; i < len(label); i++ {
			if c := label[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
				return "", netip.Addr{}, fmt.Errorf("%q is not a letter, digit, hyphen or underscore", c)
			}
		}
	}
	return name, netip.Addr{}, nil
}

// endsInNumber is the standard's test of whether a host is an IPv4
// address: its last label, after a final dot, is digits or a
// hexadecimal number.
func endsInNumber(host string) bool {
	parts := strings.Split(host, ".")
	if parts[len(parts)-1] == "" {
		if len(parts) == 1 {
			return false
		}
		parts = parts[:len(parts)-1]
	}
	last := parts[len(parts)-1]
	if last != "" && strings.Trim(last, "0123456789") == "" {
		return true
	}
	_, ok := parseIPv4Number(last)
	return ok
}

// parseIPv4 is the standard's IPv4 parser.
func parseIPv4(host string) (netip.Addr, bool) {
	parts := strings.Split(host, ".")
	if len(parts) > 1 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	var v uint64
	for i, p := range parts {
		n, ok := parseIPv4Number(p)
		if !ok {
			return netip.Addr{}, false
		}
		if i < len(parts)-1 {
			if n > 255 {
				return netip.Addr{}, false
			}
			v |= n << (8 * (3 - i))
			continue
		}
		// The last part fills the bytes the others left.
		if n >= 1<<(8*(5-len(parts))) {
			return netip.Addr{}, false
		}
		v |= n
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true
}

// parseIPv4Number is the standard's IPv4 number parser: decimal, 0x
// hexadecimal (0x alone being 0) or, after a leading 0, octal. A value
// past 32 bits is kept as 1<<32, which no part may be.
func parseIPv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	base := uint64(10)
	switch {
	case len(s) >= 2 && (s[:2] == "0x" || s[:2] == "0X"):
		base, s = 16, s[2:]
	case len(s) >= 2 && s[0] == '0':
		base, s = 8, s[1:]
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		var d uint64
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case 'a' <= c && c <= 'f':
			d = uint64(c-'a') + 10
		case 'A' <= c && c <= 'F':
			d = uint64(c-'A') + 10
		default:
			return 0, false
		}
		if d >= base {
			return 0, false
		}
		v = min(v*base+d, 1<<32)
	}
	return v, true
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
// IPv6 documentation, discard and deprecated site-local prefixes and
// those that carry an IPv4 address (IPv4-compatible, SIIT, NAT64, Teredo,
// 6to4), which could lead back to a blocked IPv4 one.
var reserved = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("::/96"),
	netip.MustParsePrefix("::ffff:0:0:0/96"),
	netip.MustParsePrefix("64:ff9b::/96"),
	netip.MustParsePrefix("64:ff9b:1::/48"),
	netip.MustParsePrefix("100::/64"),
	netip.MustParsePrefix("2001::/32"),
	netip.MustParsePrefix("2001:db8::/32"),
	netip.MustParsePrefix("2002::/16"),
	netip.MustParsePrefix("fec0::/10"),
}

// dialer dials only addresses the guard allows.
func (g Guard) dialer(timeout time.Duration) *net.Dialer {
	d := &net.Dialer{Timeout: timeout, Resolver: g.resolver}
	if g.AllowPrivate {
		return d
	}
	d.Control = func(network, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil {
			return fmt.Errorf("webhook: dial %s: %w", address, err)
		}
		if blocked(ap.Addr()) {
			return refused(&refusal{ap.Addr().String(), whyBlocked})
		}
		return nil
	}
	return d
}

// refused is the error of a connection the guard refuses.
func refused(r *refusal) error {
	return fmt.Errorf("webhook: refused to connect to %s, which %s", r.host, r.why)
}

// DialContext is the guard's dial function, for an http.Transport. It
// checks the host as CheckURL does before anything is resolved, so a host
// the guard refuses never reaches DNS, and it dials an address in its
// usual spelling, never leaving another one to the resolver.
func (g Guard) DialContext(timeout time.Duration) func(ctx context.Context, network, addr string) (net.Conn, error) {
	d := g.dialer(timeout)
	if g.AllowPrivate {
		return d.DialContext
	}
	return func(ctx context.Context, network, address string) (net.Conn, error) {
		host, port, err := net.SplitHostPort(address)
		if err != nil {
			return nil, fmt.Errorf("webhook: dial %s: %w", address, err)
		}
		ip, r := g.checkHost(host)
		if r != nil {
			return nil, refused(r)
		}
		if ip.IsValid() {
			address = net.JoinHostPort(ip.String(), port)
		}
		return d.DialContext(ctx, network, address)
	}
}
