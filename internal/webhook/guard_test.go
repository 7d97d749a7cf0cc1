package webhook

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/predict-dev/predict"
)

func TestCheckURL(t *testing.T) {
	hosts := filepath.Join(t.TempDir(), "hosts")
	if err := os.WriteFile(hosts, []byte("127.0.0.1 localhost\n10.0.0.5  db.corp.example db # the database\n"+
		"# 10.0.0.6 commented.example\n93.184.216.34 Pinned.Example.com.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	strict := Guard{OwnHosts: []string{"predict.example"}, HostsFile: hosts}
	open := Guard{AllowPrivate: true, OwnHosts: []string{"predict.example"}, HostsFile: hosts}
	for _, tc := range []struct {
		g    Guard
		url  string
		want string // "" when allowed, else a part of the error
	}{
		{strict, "https://hooks.example.com/predict", ""},
		{strict, "https://hooks.example.com:8443/p?q=1", ""},
		{strict, "https://93.184.216.34/x", ""},
		{strict, "http://hooks.example.com/x", "must be https"},
		{strict, "ftp://hooks.example.com/x", "must be https"},
		{strict, "hooks.example.com/x", "not an absolute URL"},
		{strict, "https://", "not an absolute URL"},
		{strict, "https://user:pw@hooks.example.com/", "user or password"},
		{strict, "https://hooks.example.com/#frag", "fragment"},
		{strict, "https://predict.example/hook", "points at this service"},
		{strict, "https://PREDICT.example./hook", "points at this service"},
		{strict, "https://localhost/x", "local name"},
		{strict, "https://metadata.google.internal/x", "local name"},
		{strict, "https://127.0.0.1/x", "private"},
		{strict, "https://10.1.2.3/x", "private"},
		{strict, "https://192.168.0.1/x", "private"},
		{strict, "https://169.254.169.254/latest/meta-data", "private"},
		{strict, "https://100.64.0.1/x", "private"},
		{strict, "https://0.0.0.0/x", "private"},
		{strict, "https://[::1]/x", "private"},
		{strict, "https://[fd00::1]/x", "private"},
		{strict, "https://[::ffff:127.0.0.1]/x", "private"},
		{strict, "https://" + strings.Repeat("a", MaxURL) + ".com/", "longer than"},
		// The same places in the other spellings of the WHATWG URL
		// standard, which browsers and curl read as addresses (issue 36).
		{strict, "https://127.1/x", "private"},
		{strict, "https://127.0.1/x", "private"},
		{strict, "https://2130706433/x", "private"},
		{strict, "https://0x7f000001/x", "private"},
		{strict, "https://0X7F000001/x", "private"},
		{strict, "https://0x7f.0x0.0x0.0x1/x", "private"},
		{strict, "https://0x7f.1:8443/x", "private"},
		{strict, "https://0177.0.0.1/x", "private"},
		{strict, "https://0177.0000.0000.0001/x", "private"},
		{strict, "https://017700000001/x", "private"},
		{strict, "https://127.000.000.001/x", "private"},
		{strict, "https://127.0.0.1./x", "private"},
		{strict, "https://0/x", "private"},
		{strict, "https://00/x", "private"},
		{strict, "https://0x0/x", "private"},
		{strict, "https://10.1/x", "private"},
		{strict, "https://192.168.1/x", "private"},
		{strict, "https://0xc0a80001/x", "private"},
		{strict, "https://2852039166/latest/meta-data", "private"},
		{strict, "https://0xa9.0xfe.0xa9.0xfe/latest/meta-data", "private"},
		{strict, "https://169.254.43518/latest/meta-data", "private"},
		{strict, "https://[::127.0.0.1]/x", "private"},
		{strict, "https://[::ffff:7f00:1]/x", "private"},
		{strict, "https://[0:0:0:0:0:ffff:127.0.0.1]/x", "private"},
		{strict, "https://[0000::0001]/x", "private"},
		{strict, "https://[::]/x", "private"},
		{strict, "https://[2002:7f00:1::]/x", "private"},
		{strict, "https://[fe80::1%25eth0]/x", "not a valid host"},
		{strict, "https://[::ffff:0:7f00:1]/x", "private"},
		{strict, "https://[64:ff9b:1::7f00:1]/x", "private"},
		{strict, "https://[2001:0:7f00:1::]/x", "private"},
		{strict, "https://LOCALHOST./x", "local name"},
		{strict, "https://localhost.localdomain/x", "local name"},
		{strict, "https://api.localhost/x", "local name"},
		{strict, "https://intranet/x", "local name"},
		{strict, "https://printer.home.arpa/x", "local name"},
		// The hosts file's names are answered from it, whatever DNS says.
		{strict, "https://db.corp.example/x", "local name"},
		{strict, "https://DB.corp.example./x", "local name"},
		{strict, "https://pinned.example.com/x", "local name"},
		{strict, "https://commented.example/x", ""},
		{strict, "https://[::7f00:1]:8443/x", "private"},
		{strict, "https://[127.0.0.1]/x", "not an absolute URL"},
		{strict, "https://bücher.example/x", "ASCII"},
		{strict, "https://hooks..example.com/x", "not a valid"},
		{strict, "https://hooks.example.com!/x", "not a valid"},
		// A host that ends in a number is an address or nothing: it is
		// never looked up as a name.
		{strict, "https://1.2.3.4.5/x", "not a valid"},
		{strict, "https://256.0.0.1/x", "not a valid"},
		{strict, "https://4294967296/x", "not a valid"},
		{strict, "https://09/x", "not a valid"},
		{strict, "https://hooks.example.123/x", "not a valid"},
		{strict, "https://hooks.example.0x/x", "not a valid"},
		{strict, "https://１２７.０.０.１/x", "ASCII"},
		{strict, "https://hooks.example.com./x", ""},
		{strict, "https://0x5db8d822/x", ""},
		{strict, "https://1st.example.com/x", ""},
		{strict, "https://xn--bcher-kva.example/x", ""},
		{strict, "https://_hooks.example.0x1g/x", ""},
		{strict, "https://[2606:4700::1111]/x", ""},
		{open, "http://0x7f.1:9000/x", ""},
		{open, "http://intranet/x", ""},
		{open, "http://127.0.0.1:9000/x", ""},
		{open, "https://localhost/x", ""},
		{open, "https://predict.example/hook", ""},
	} {
		_, err := tc.g.CheckURL(tc.url)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s refused: %v", tc.url, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%.60s: err %v, want %q", tc.url, err, tc.want)
		case err != nil && predict.ErrorCode(err) != predict.EINVALID:
			t.Errorf("%s: code %s", tc.url, predict.ErrorCode(err))
		}
	}
}

// An address host is kept in its usual spelling: the one a browser
// would send the delivery to.
func TestCheckURLSpellsAddresses(t *testing.T) {
	for _, tc := range []struct{ url, want string }{
		{"https://0x5db8d822/x?q=1", "https://93.184.216.34/x?q=1"},
		{"https://93.184.55330:8443/x", "https://93.184.216.34:8443/x"},
		{"https://93.184.216.34./x", "https://93.184.216.34/x"},
		{"https://[2606:4700:0::01]/x", "https://[2606:4700::1]/x"},
		{"https://[2606:4700::1]:8443/x", "https://[2606:4700::1]:8443/x"},
		{"https://Hooks.Example.com/x", "https://Hooks.Example.com/x"},
	} {
		u, err := Guard{}.CheckURL(tc.url)
		if err != nil || u.String() != tc.want {
			t.Errorf("%s: %v, %v; want %s", tc.url, u, err, tc.want)
		}
	}
}

// parseHostCases are hosts as url.URL.Hostname gives them and how
// browsers read them: an address, a name, or an error (want "!").
var parseHostCases = []struct{ host, want string }{
	{"127.0.0.1", "127.0.0.1"},
	{"127.1", "127.0.0.1"},
	{"127.0.1", "127.0.0.1"},
	{"2130706433", "127.0.0.1"},
	{"0x7f000001", "127.0.0.1"},
	{"0X7F000001", "127.0.0.1"},
	{"0x7f.0x0.0x0.0x1", "127.0.0.1"},
	{"0x7f.1", "127.0.0.1"},
	{"0177.0.0.1", "127.0.0.1"},
	{"0177.0000.0000.0001", "127.0.0.1"},
	{"017700000001", "127.0.0.1"},
	{"127.000.000.001", "127.0.0.1"},
	{"127.0.0.1.", "127.0.0.1"},
	{"0", "0.0.0.0"},
	{"00", "0.0.0.0"},
	{"0x0", "0.0.0.0"},
	{"0x", "0.0.0.0"},
	{"0x.0x.0x.0x", "0.0.0.0"},
	{"10.1", "10.0.0.1"},
	{"192.168.1", "192.168.0.1"},
	{"192.168.257", "192.168.1.1"},
	{"0xc0a80001", "192.168.0.1"},
	{"2852039166", "169.254.169.254"},
	{"0xa9.0xfe.0xa9.0xfe", "169.254.169.254"},
	{"0251.0376.0251.0376", "169.254.169.254"},
	{"169.254.43518", "169.254.169.254"},
	{"169.16689662", "169.254.169.254"},
	{"4294967295", "255.255.255.255"},
	{"0xffffffff", "255.255.255.255"},
	{"93.184.216.34", "93.184.216.34"},
	{"4294967296", "!"},
	{"99999999999999999999999", "!"},
	{"256.0.0.1", "!"},
	{"1.2.3.256", "!"},
	{"1.2.65536", "!"},
	{"1.16777216", "!"},
	{"1.2.3.4.5", "!"},
	{"1..2", "!"},
	{".1", "!"},
	{"09", "!"},
	{"08.1", "!"},
	{"0x1.0xg", "0x1.0xg"},
	{"hooks.example.123", "!"},
	{"hooks.example.0x", "!"},
	{"hooks.example.0x1f", "!"},
	{"::1", "::1"},
	{"::127.0.0.1", "::7f00:1"},
	{"::ffff:127.0.0.1", "::ffff:127.0.0.1"},
	{"0:0:0:0:0:ffff:127.0.0.1", "::ffff:127.0.0.1"},
	{"0000::0001", "::1"},
	{"2606:4700:0::01", "2606:4700::1"},
	{"fe80::1%eth0", "!"},
	{"1::2::3", "!"},
	{"::ffff:1.2.3", "!"},
	{"[::1]", "!"},
	{"Hooks.Example.COM.", "hooks.example.com"},
	{"1st.example.com", "1st.example.com"},
	{"example.0x1g", "example.0x1g"},
	{"0x1g", "0x1g"},
	{"under_score.example", "under_score.example"},
	{"xn--bcher-kva.example", "xn--bcher-kva.example"},
	{"localhost", "localhost"},
	{"a..b", "!"},
	{"a b", "!"},
	{"a,b.example", "!"},
	{"bücher.example", "!"},
	{"１２７.０.０.１", "!"},
	{"", "!"},
	{".", "!"},
	{"..", "!"},
}

func TestParseHost(t *testing.T) {
	for _, tc := range parseHostCases {
		name, addr, err := parseHost(tc.host)
		got := name
		switch {
		case err != nil:
			got = "!"
		case addr.IsValid():
			got = addr.String()
		}
		if got != tc.want {
			t.Errorf("parseHost(%q) = %q, %v, %v; want %s", tc.host, name, addr, err, tc.want)
		}
	}
}

// FuzzParseHost checks what parseHost promises of any host: an address or
// a name, never both; an address reads back from its usual spelling, and
// as the standard library reads a dotted quad; a name is one a resolver
// may be given, never one that ends in a number. The table's hosts are
// its seeds; a run is opt-in (go test -fuzz FuzzParseHost ./internal/webhook).
func FuzzParseHost(f *testing.F) {
	for _, tc := range parseHostCases {
		f.Add(tc.host)
	}
	f.Fuzz(func(t *testing.T, host string) {
		name, addr, err := parseHost(host)
		switch {
		case err != nil:
			if name != "" || addr.IsValid() {
				t.Fatalf("%q: %q, %v with the error %v", host, name, addr, err)
			}
		case addr.IsValid():
			if name != "" {
				t.Fatalf("%q: both %q and %v", host, name, addr)
			}
			if _, again, err := parseHost(addr.String()); err != nil || again != addr {
				t.Fatalf("%q is %v, which reads back as %v, %v", host, addr, again, err)
			}
			if std, err := netip.ParseAddr(host); err == nil && std.Is4() && std != addr {
				t.Fatalf("%q: %v, the standard library's %v", host, addr, std)
			}
		default:
			if name == "" || endsInNumber(name) || strings.ContainsAny(name, ":/[]%@ ") || strings.ToLower(name) != name {
				t.Fatalf("%q: the name %q", host, name)
			}
			if again, _, err := parseHost(name); err != nil || again != name {
				t.Fatalf("%q is %q, which reads back as %q, %v", host, name, again, err)
			}
		}
	})
}

// A name that resolves to a private address passes the URL check (the
// registration cannot know where it will point), but the connection is
// refused when it is dialled.
func TestGuardRefusesPrivateDial(t *testing.T) {
	reached := false
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { reached = true }))
	defer srv.Close()
	d := New(Config{})
	w := &predict.Webhook{ID: "w", Scope: predict.WebhookScopeUser, URL: srv.URL, Secret: mustSecret(t)}
	a := d.attempt(context.Background(), w, predict.WebhookEvent{ID: 1, Name: "user:asset_changed"})
	if a.Succeeded() || reached || !strings.Contains(a.Error, "refused to connect to 127.0.0.1") {
		t.Fatalf("attempt %+v, reached %v", a, reached)
	}
	if strings.Contains(a.Error, srv.URL) {
		t.Fatalf("the attempt's error names the URL: %s", a.Error)
	}
}

// An endpoint stored before the guard read every spelling of an address
// (or past it some other way) is refused when it is dialled too, before
// its host could reach the resolver.
func TestGuardRefusesOtherSpellingsAtDial(t *testing.T) {
	reached := false
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { reached = true }))
	defer srv.Close()
	_, port, err := net.SplitHostPort(srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	var lookups atomic.Int32
	noDNS := &net.Resolver{PreferGo: true, Dial: func(context.Context, string, string) (net.Conn, error) {
		lookups.Add(1)
		return nil, errors.New("no DNS in this test")
	}}
	d := New(Config{Timeout: 2 * time.Second, Guard: Guard{resolver: noDNS}})
	for _, tc := range []struct{ name, host, want string }{
		{"ShortForm", "127.1", "refused to connect to 127.0.0.1"},
		{"Decimal", "2130706433", "refused to connect to 127.0.0.1"},
		{"Hex", "0x7f000001", "refused to connect to 127.0.0.1"},
		{"Octal", "0177.0.0.1", "refused to connect to 127.0.0.1"},
		{"Zero", "0", "refused to connect to 0.0.0.0"},
		{"IPv4Compatible", "[::127.0.0.1]", "refused to connect to ::7f00:1"},
		{"IPv4Mapped", "[::ffff:127.0.0.1]", "refused to connect to ::ffff:127.0.0.1"},
		{"Localhost", "localhost", "refused to connect to localhost"},
		{"LocalDomain", "localhost.localdomain", "refused to connect to localhost.localdomain"},
		{"SingleLabel", "intranet", "refused to connect to intranet"},
		{"EndsInANumber", "hooks.example.123", "refused to connect to hooks.example.123"},
		// A public name is looked up: the resolver's counter counts.
		{"PublicName", "hooks.example.com", "no DNS in this test"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lookups.Store(0)
			defer func() {
				if n := lookups.Load(); (n > 0) != (tc.name == "PublicName") {
					t.Errorf("%d lookups of %s reached DNS", n, tc.host)
				}
			}()
			w := &predict.Webhook{ID: "w", Scope: predict.WebhookScopeUser, URL: "http://" + tc.host + ":" + port + "/",
				Secret: mustSecret(t)}
			a := d.attempt(context.Background(), w, predict.WebhookEvent{ID: 1, Name: "user:asset_changed"})
			if a.Succeeded() || reached || !strings.Contains(a.Error, tc.want) {
				t.Fatalf("attempt %+v, reached %v; want %q", a, reached, tc.want)
			}
		})
	}
}

func mustSecret(t *testing.T) string {
	t.Helper()
	s, err := NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	return s
}
