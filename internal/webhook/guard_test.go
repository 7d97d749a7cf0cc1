package webhook

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/predict-dev/predict"
)

func TestCheckURL(t *testing.T) {
	strict := Guard{OwnHosts: []string{"predict.example"}}
	open := Guard{AllowPrivate: true, OwnHosts: []string{"predict.example"}}
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

func mustSecret(t *testing.T) string {
	t.Helper()
	s, err := NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	return s
}
