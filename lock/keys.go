package lock

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"strings"
)

// GenerateKey makes a new ed25519 key pair and returns both halves as PEM:
// the public key as PKIX "PUBLIC KEY", the private key as PKCS #8
// "PRIVATE KEY".
func GenerateKey() (pubPEM, privPEM []byte, err error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, nil, fmt.Errorf("cannot generate a key: %w", err)
	}
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return nil, nil, err
	}
	pder, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return nil, nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pder}), nil
}

// ParsePublicKey reads an ed25519 public key from PEM. what names the source
// in error messages ("the public key .sentinel/pubkey.pem").
func ParsePublicKey(data []byte, what string) (ed25519.PublicKey, error) {
	block, _ := pem.Decode(bytes.TrimSpace(data))
	if block == nil {
		return nil, fmt.Errorf("%s is not a PEM file; create one with 'sentinel keygen'", what)
	}
	if block.Type != "PUBLIC KEY" {
		return nil, fmt.Errorf("%s holds a %q block, not a public key; commit the public half made by 'sentinel keygen'", what, block.Type)
	}
	k, err := x509.ParsePKIXPublicKey(block.Bytes)
	return ed25519Key[ed25519.PublicKey](k, err, what)
}

// ParsePrivateKey reads an ed25519 private key: PKCS #8 PEM, optionally with
// its newlines written as "\n" (as some secret stores keep them), or the
// PEM base64-encoded once more.
func ParsePrivateKey(data []byte, what string) (ed25519.PrivateKey, error) {
	text := strings.TrimSpace(string(data))
	if !strings.Contains(text, "-----BEGIN") {
		if dec, err := base64.StdEncoding.DecodeString(text); err == nil && bytes.Contains(dec, []byte("-----BEGIN")) {
			text = strings.TrimSpace(string(dec))
		}
	}
	if !strings.Contains(text, "\n") && strings.Contains(text, `\n`) {
		text = strings.ReplaceAll(text, `\n`, "\n")
	}
	block, _ := pem.Decode([]byte(text))
	if block == nil {
		return nil, fmt.Errorf("%s is not a PEM private key; use the file 'sentinel keygen' wrote", what)
	}
	switch block.Type {
	case "PRIVATE KEY":
	case "PUBLIC KEY":
		return nil, fmt.Errorf("%s is a public key; signing needs the private half that 'sentinel keygen' wrote outside the repository", what)
	case "OPENSSH PRIVATE KEY":
		return nil, fmt.Errorf("%s is an OpenSSH key; Sentinel needs a PKCS #8 ed25519 key, so create one with 'sentinel keygen'", what)
	default:
		return nil, fmt.Errorf("%s holds a %q block; Sentinel signs with an ed25519 PKCS #8 key, so create one with 'sentinel keygen'", what, block.Type)
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	return ed25519Key[ed25519.PrivateKey](k, err, what)
}

// ed25519Key takes what x509 parsed from the block of what (k, or the
// error err) and returns it as the ed25519 key K, or says what to do.
func ed25519Key[K ed25519.PublicKey | ed25519.PrivateKey](k any, err error, what string) (K, error) {
	if err != nil {
		return nil, fmt.Errorf("%s cannot be read (%v); create a new key with 'sentinel keygen'", what, err)
	}
	key, ok := k.(K)
	if !ok {
		return nil, fmt.Errorf("%s holds %s key; Sentinel signs with ed25519 only, so create one with 'sentinel keygen'", what, keyType(k))
	}
	return key, nil
}

func keyType(k any) string {
	switch k.(type) {
	case *rsa.PublicKey, *rsa.PrivateKey:
		return "an RSA"
	case *ecdsa.PublicKey, *ecdsa.PrivateKey:
		return "an ECDSA"
	}
	return fmt.Sprintf("a %T", k)
}

// Fingerprint names a public key: "SHA256:" and the base64 of the sha256 of
// its PKIX encoding, as OpenSSH prints fingerprints.
func Fingerprint(pub ed25519.PublicKey) string {
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return "SHA256:?"
	}
	sum := sha256.Sum256(der)
	return "SHA256:" + base64.RawStdEncoding.EncodeToString(sum[:])
}

// Signature is the content of AGENTS.lock.sig.
type Signature struct {
	Format    int    `json:"format"`
	Algorithm string `json:"algorithm"`
	Key       string `json:"key"`         // fingerprint of the signing key
	LockHash  string `json:"lock_sha256"` // informative; the signature covers the bytes
	Signature string `json:"signature"`   // base64 ed25519 signature of AGENTS.lock's bytes
}

// Sign signs the exact bytes of a lock.
func Sign(lockBytes []byte, priv ed25519.PrivateKey) []byte {
	sum := sha256.Sum256(lockBytes)
	// The signature file's own format has not changed since format 1.
	s := Signature{Format: 1, Algorithm: "ed25519",
		Key:       Fingerprint(priv.Public().(ed25519.PublicKey)),
		LockHash:  hex.EncodeToString(sum[:]),
		Signature: base64.StdEncoding.EncodeToString(ed25519.Sign(priv, lockBytes))}
	out, _ := json.MarshalIndent(s, "", "  ")
	return append(out, '\n')
}

// ErrBadSignature is returned when a signature does not match the lock or
// the key.
var ErrBadSignature = errors.New("signature invalid")

// CheckSignature reports whether sigFile is a valid signature of lockBytes
// by pub. A malformed signature file is ErrBadSignature too: it cannot vouch
// for anything.
func CheckSignature(lockBytes, sigFile []byte, pub ed25519.PublicKey) error {
	var s Signature
	if err := json.Unmarshal(sigFile, &s); err != nil {
		return fmt.Errorf("%w: %s is not valid JSON", ErrBadSignature, SigFileName)
	}
	if s.Algorithm != "ed25519" {
		return fmt.Errorf("%w: %s uses algorithm %q, not ed25519", ErrBadSignature, SigFileName, s.Algorithm)
	}
	raw, err := base64.StdEncoding.DecodeString(s.Signature)
	if err != nil || len(raw) != ed25519.SignatureSize {
		return fmt.Errorf("%w: %s holds no ed25519 signature", ErrBadSignature, SigFileName)
	}
	if !ed25519.Verify(pub, lockBytes, raw) {
		if s.Key != "" && s.Key != Fingerprint(pub) {
			// The file's own claim is repeated only when it has the shape
			// of a fingerprint: it is text from the repository.
			claimed := "another key"
			if isFingerprint(s.Key) {
				claimed = "key " + s.Key
			}
			return fmt.Errorf("%w: %s was made by %s, not by the committed key %s", ErrBadSignature, SigFileName, claimed, Fingerprint(pub))
		}
		return fmt.Errorf("%w: %s does not match the bytes of %s, which changed after signing", ErrBadSignature, SigFileName, FileName)
	}
	return nil
}

// isFingerprint reports whether s has the shape Fingerprint gives:
// "SHA256:" and 43 characters of unpadded standard base64.
func isFingerprint(s string) bool {
	b, ok := strings.CutPrefix(s, "SHA256:")
	if !ok || len(b) != 43 {
		return false
	}
	_, err := base64.RawStdEncoding.DecodeString(b)
	return err == nil
}
