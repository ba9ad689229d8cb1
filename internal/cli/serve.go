package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/sentinel-sec/sentinel/internal/server"
)

type serveOptions struct {
	addr        string
	allowOrigin string
	vsix        string
}

func newServeCmd(app *App) *cobra.Command {
	var o serveOptions
	cmd := &cobra.Command{
		Use:     "serve",
		GroupID: "scan",
		Short:   "Serve the web app and the HTTP API on this computer",
		Long: `Serve the web app and the HTTP API from this binary. Paste a file, upload
files or drop a project folder in the browser and see what it would make an
agent do. Everything is scanned in memory and nothing leaves this computer.

The server listens on loopback only. HOST and PORT set the address when
--addr is not given. The API is described at /api and /openapi.json.`,
		Example: `  sentinel serve
  sentinel serve --addr 127.0.0.1:8001
  PORT=8001 sentinel serve`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			addr, err := serveAddr(o.addr, cmd.Flags().Changed("addr"), app.Getenv)
			if err != nil {
				return err
			}
			origin := o.allowOrigin
			if origin == "" {
				origin = app.Getenv("SENTINEL_ALLOW_ORIGIN")
			}
			if origin != "" && !validOrigin(origin) {
				return usagef("--allow-origin %q is not an origin; give scheme, host and port, like http://localhost:5173", origin)
			}
			var vsix *server.VSIX
			if o.vsix != "" {
				if vsix, err = server.LoadVSIX(o.vsix); err != nil {
					return usagef("--vsix: %v", err)
				}
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return listenError(addr, err)
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			logger := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), nil))
			return serve(ctx, ln, server.Config{AllowedOrigin: origin, CheckHost: true, Logger: logger, VSIX: vsix}, cmd.OutOrStdout())
		},
	}
	cmd.Flags().StringVar(&o.addr, "addr", "127.0.0.1:8000", "loopback address to listen on; when not given, HOST and PORT are used")
	cmd.Flags().StringVar(&o.vsix, "vsix", "", "offer this VS Code extension `FILE` (.vsix, built by editors/vscode/package.sh) for download on the page")
	cmd.Flags().StringVar(&o.allowOrigin, "allow-origin", "", "one browser origin allowed to call the API from another page (env SENTINEL_ALLOW_ORIGIN); none by default")
	return cmd
}

// serveAddr picks the address: --addr when given, else HOST and PORT, else
// 127.0.0.1:8000. Only loopback addresses are accepted: the API scans what
// anyone who can reach it sends, so it is not meant for a network.
func serveAddr(flag string, changed bool, getenv func(string) string) (string, error) {
	addr := flag
	if !changed {
		host, port := getenv("HOST"), getenv("PORT")
		if host == "" {
			host = "127.0.0.1"
		}
		if port == "" {
			port = "8000"
		}
		addr = net.JoinHostPort(host, port)
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", usagef("%q is not an address; give host and port, like 127.0.0.1:8000", addr)
	}
	if _, err := net.LookupPort("tcp", port); err != nil || port == "" {
		return "", usagef("%q is not a port number; give one like 8000", port)
	}
	if !isLoopback(host) {
		return "", usagef("the server listens on this computer only; use 127.0.0.1, ::1 or localhost instead of %q", host)
	}
	return addr, nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func validOrigin(o string) bool {
	scheme, rest, ok := strings.Cut(o, "://")
	return ok && (scheme == "http" || scheme == "https") && rest != "" && !strings.ContainsAny(rest, "/?#* ")
}

func listenError(addr string, err error) error {
	if errors.Is(err, syscall.EADDRINUSE) {
		_, port, _ := net.SplitHostPort(addr)
		return fmt.Errorf("port %s is already in use; stop the other program or choose another port, e.g. --addr 127.0.0.1:8001 or PORT=8001", port)
	}
	if errors.Is(err, syscall.EACCES) {
		return fmt.Errorf("not allowed to listen on %s; choose a port above 1023", addr)
	}
	return fmt.Errorf("cannot listen on %s: %v", addr, err)
}

// newHTTPServer wraps the handler with the connection limits: a slow or
// stalled client cannot hold a connection open.
func newHTTPServer(cfg server.Config) *http.Server {
	return &http.Server{
		Handler:           server.New(cfg).Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		// No ReadTimeout: a request may wait for a scan slot before its body
		// is read; the handler gives the body its own deadline once it has one.
		WriteTimeout:   60 * time.Second,
		IdleTimeout:    120 * time.Second,
		MaxHeaderBytes: 64 << 10,
	}
}

// serve runs the HTTP server on ln until ctx ends, then drains it.
func serve(ctx context.Context, ln net.Listener, cfg server.Config, out io.Writer) error {
	srv := newHTTPServer(cfg)
	fmt.Fprintf(out, "Sentinel is serving the web app and API on this computer.\nOpen http://%s  (API: http://%s/api)  Stop with Ctrl+C.\n", ln.Addr(), ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("the server stopped: %w", err)
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = srv.Shutdown(shut)
	fmt.Fprintln(out, "Stopped.")
	return nil
}
